/**
 * Ready-made email layouts a new drag-and-drop template can start from (/templates/select-template).
 * Each is email-client-safe HTML (tables, inline styles, a 600 px column) with a personalisation
 * tag, an online-version link and the unsubscribe link already in place; the editor turns it
 * into blocks. Only the page that offers them loads this module.
 */
export type StarterLayoutId = 'newsletter' | 'promotion' | 'announcement';

const FONT = 'font-family:Arial,Helvetica,sans-serif';

function page(body: string): string {
  return (
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f5f7" style="background-color:#f4f5f7"><tr><td align="center" style="padding:24px 12px">` +
    `<table width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:600px;max-width:100%;background-color:#ffffff">` +
    `<tr><td align="right" style="padding:12px 24px;${FONT};font-size:12px;color:#718096"><a href="{{ online_version_url }}" style="color:#718096">View in your browser</a></td></tr>` +
    body +
    `<tr><td align="center" style="padding:24px;${FONT};font-size:12px;line-height:18px;color:#718096;border-top:1px solid #e2e8f0">` +
    `You receive this email because you subscribed to our news.<br><a href="{{ unsubscribe_url }}" style="color:#718096">Unsubscribe</a></td></tr>` +
    `</table></td></tr></table>`
  );
}

const heading = (text: string, size = 28) => `<tr><td style="padding:8px 24px;${FONT};font-size:${size}px;line-height:1.3;font-weight:bold;color:#1a202c">${text}</td></tr>`;
const paragraph = (text: string) => `<tr><td style="padding:8px 24px;${FONT};font-size:16px;line-height:24px;color:#2d3748">${text}</td></tr>`;
/** A grey stand-in drawn inline (no outside host): the user replaces it with their own picture. */
const placeholder = (label: string, height: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="552" height="${height}"><rect width="100%" height="100%" fill="#e2e8f0"/>` +
      `<text x="50%" y="50%" fill="#4a5568" font-family="Arial" font-size="22" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`,
  )}`;
const picture = (label: string, height: number) =>
  `<tr><td style="padding:8px 24px"><img src="${placeholder(label, height)}" width="552" height="${height}" alt="${label}" style="display:block;width:100%;max-width:552px;height:auto;border:0"></td></tr>`;
const button = (text: string, color: string) =>
  `<tr><td align="center" style="padding:16px 24px"><a href="https://example.com" style="display:inline-block;padding:12px 28px;background-color:${color};color:#ffffff;${FONT};font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${text}</a></td></tr>`;
const twoColumns = (left: string, right: string) =>
  `<tr><td style="padding:8px 24px"><table width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
  `<td width="50%" valign="top" style="padding-right:8px;${FONT};font-size:15px;line-height:22px;color:#2d3748">${left}</td>` +
  `<td width="50%" valign="top" style="padding-left:8px;${FONT};font-size:15px;line-height:22px;color:#2d3748">${right}</td>` +
  `</tr></table></td></tr>`;

export const STARTER_LAYOUTS: Record<StarterLayoutId, string> = {
  newsletter: page(
    heading('Our monthly news') +
      paragraph('Hello {{ email }}, here is what happened this month.') +
      picture('Feature story', 240) +
      heading('The main story', 20) +
      paragraph('Tell the story that matters most to your readers, in a few short paragraphs.') +
      button('Read more', '#5a3fd6') +
      twoColumns('<strong>Second story</strong><br>A short summary and a link to read on.', '<strong>Third story</strong><br>A short summary and a link to read on.'),
  ),
  promotion: page(
    picture('Sale', 280) +
      heading('Up to 30% off, this week only', 30) +
      paragraph('Our season sale has started. Pick your favourites before they are gone.') +
      button('Shop the sale', '#d53f8c') +
      twoColumns('<strong>Free delivery</strong><br>On every order this week.', '<strong>Easy returns</strong><br>30 days to change your mind.'),
  ),
  announcement: page(
    heading('Something new is here') +
      paragraph('Hello {{ email }}, we are glad to announce a change we have been working on for you.') +
      paragraph('Describe what is new, why it matters and what your reader should do next.') +
      button('Find out more', '#2b6cb0'),
  ),
};
