/**
 * template-render: personalising a realistic email for one recipient after another on one core.
 * A generated ~60 KB newsletter (tables, inline styles, 20 tracked links, images, 10 tags of
 * primary and custom fields, some with fallbacks) is compiled once with click tracking and an
 * open pixel, then rendered for distinct generated contacts on the main thread for 5 s after a
 * 1 s warm-up:
 * - compile-ms: the one compilation (tag check, link rewriting, split into chunks and slots);
 * - renders-per-s: finished HTML documents per second;
 * - output-kb: the average UTF-8 size of one rendered document (template-kb: the template's).
 */
import type { ContactRecord } from '../../shared/domain/contacts.js';
import { compileTemplate, formatTemplateTag, TRACKING_TOKEN, type TemplateRecipient } from '../../shared/domain/personalization.js';
import type { TFieldSchema } from '../../shared/schemas/contacts.js';
import type { Benchmark, Figure } from './figures.js';

const WARM_UP_MS = 1_000;
const MEASURE_MS = 5_000;
const CONTACTS = 20_000;
const PRODUCTS = 16;
// Reading the clock on every render would cost more than some renders.
const RENDERS_PER_CLOCK_READ = 64;

const CREATED = '2026-01-01T00:00:00.000Z';
const FIELDS: TFieldSchema[] = [
  { id: 'f1', name: 'First Name', type: 'text', choices: [], createTime: CREATED },
  { id: 'f2', name: 'Last Name', type: 'text', choices: [], createTime: CREATED },
  { id: 'f3', name: 'Points', type: 'number', choices: [], createTime: CREATED },
  { id: 'f4', name: 'Member Since', type: 'date', choices: [], createTime: CREATED },
  { id: 'f5', name: 'Tier', type: 'singleChoice', choices: [{ id: 'c1', label: 'Gold' }, { id: 'c2', label: 'Silver' }, { id: 'c3', label: 'Bronze' }], createTime: CREATED },
  {
    id: 'f6',
    name: 'Interests',
    type: 'multipleChoice',
    choices: [{ id: 'c1', label: 'Shoes' }, { id: 'c2', label: 'Bags' }, { id: 'c3', label: 'Watches' }, { id: 'c4', label: 'Home & Garden' }],
    createTime: CREATED,
  },
];

const FIRST_NAMES = ['Ann', 'Ben', '大文', 'Dora', "Eoin O'Neil", 'Fay', 'Gus', '美玲', 'Ivy', 'Jon'];
const FAMILY_NAMES = ['Chan', 'Wong', 'Smith', 'Lee', '陳', 'García', 'Müller', 'Ng'];
const CELL = 'font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;color:#333333;padding:12px 24px;';
const DESCRIPTION =
  'Crafted from full-grain leather and finished by hand in small batches, it softens with every wear and keeps its shape for years. ' +
  'Free delivery on orders over $50, and free returns within 30 days if it is not quite right. ';
const DETAILS = [
  ['Material', 'Full-grain leather, cotton lining'],
  ['Sizes', 'EU 36 to 46, half sizes included'],
  ['Colours', 'Black, tan, navy, forest green'],
  ['Care', 'Wipe clean; condition twice a year'],
  ['Made in', 'Portugal'],
  ['Delivery', '2 to 4 working days'],
];

/** A plausible newsletter: header, greeting, two-column product grid, footer; 10 tags, 20 http(s) links. */
function newsletterHtml(): string {
  const product = (n: number) => `
            <td class="column" width="50%" valign="top" style="padding:12px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border:1px solid #eeeeee;border-radius:6px;">
                <tr><td><img src="https://cdn.shop.example/products/${n}/hero@2x.jpg" width="264" height="264" alt="Product ${n}" style="display:block;width:100%;height:auto;border:0;" /></td></tr>
                <tr><td style="${CELL}font-weight:bold;font-size:17px;">Everyday Essential No. ${n}</td></tr>
                <tr><td style="${CELL}">${DESCRIPTION.repeat(3)}</td></tr>
                <tr><td style="padding:0 24px;">
                  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#555555;">
                    ${DETAILS.map(([label, value]) => `<tr><td style="padding:4px 0;border-bottom:1px solid #f0f0f0;font-weight:bold;width:40%;">${label}</td><td style="padding:4px 0;border-bottom:1px solid #f0f0f0;">${value}</td></tr>`).join('\n                    ')}
                  </table>
                </td></tr>
                <tr><td style="${CELL}font-size:18px;color:#c0392b;">$${(49 + n * 7).toFixed(2)} <span style="text-decoration:line-through;color:#999999;font-size:14px;">$${(69 + n * 7).toFixed(2)}</span></td></tr>
                <tr><td align="center" style="padding:12px 24px 24px;">
                  <a href="https://shop.example/products/${n}?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=spring" class="button" style="display:inline-block;background:#1a73e8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px;">Shop now</a>
                </td></tr>
              </table>
            </td>`;
  const rows: string[] = [];
  for (let n = 1; n <= PRODUCTS; n += 2) rows.push(`<tr>${product(n)}${product(n + 1)}\n          </tr>`);
  const social = ['facebook', 'instagram', 'youtube'].map(
    (site) => `<a href="https://${site}.com/shop.example" style="margin:0 6px;"><img src="https://cdn.shop.example/icons/${site}.png" width="24" height="24" alt="${site}" /></a>`,
  );

  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
  <meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Spring collection</title>
  <style>
    body{margin:0;padding:0;background:#f4f4f4;} table{border-collapse:collapse;} img{-ms-interpolation-mode:bicubic;}
    @media only screen and (max-width:600px){.column{display:block !important;width:100% !important;}.button{width:100% !important;}}
  </style>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;">
  <a name="top"></a>
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4;">
    <tr><td align="center">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="background:#ffffff;max-width:600px;">
        <tr><td style="${CELL}font-size:12px;color:#888888;" align="right">Trouble reading? <a href="${formatTemplateTag('online_version_url')}" style="color:#888888;">View it online</a></td></tr>
        <tr><td align="center" style="padding:24px;"><a href="https://shop.example/"><img src="https://cdn.shop.example/logo@2x.png" width="180" height="48" alt="Shop Example" style="display:block;border:0;" /></a></td></tr>
        <tr><td style="${CELL}font-size:22px;font-weight:bold;">Hi ${formatTemplateTag('field:f1', 'there')} ${formatTemplateTag('field:f2')},</td></tr>
        <tr><td style="${CELL}">As a ${formatTemplateTag('field:f5', 'valued')} member since ${formatTemplateTag('field:f4', 'day one')}, you have ${formatTemplateTag('field:f3', '0')} points to spend. Here is what is new in ${formatTemplateTag('field:f6', 'our latest picks')}.</td></tr>
        <tr><td>
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
          ${rows.join('\n          ')}
          </table>
        </td></tr>
        <tr><td align="center" style="padding:24px;">${social.join('')}<a href="#top" style="font-size:12px;color:#888888;">Back to top</a></td></tr>
        <tr><td style="${CELL}font-size:12px;color:#888888;" align="center">
          This email was sent to ${formatTemplateTag('email')} because you joined Shop Example, ${formatTemplateTag('field:f1', 'friend')}.
          Questions? <a href="mailto:care@shop.example" style="color:#888888;">care@shop.example</a>.
          <a href="${formatTemplateTag('unsubscribe_url')}" style="color:#888888;">Unsubscribe</a>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>
`;
}

/** Distinct recipients: 1 in 7 without a first name, 1 in 5 without points, several tiers and interests. */
function recipientNumber(id: number): TemplateRecipient {
  const fields: ContactRecord['fields'] = { f2: FAMILY_NAMES[id % FAMILY_NAMES.length], f4: `20${String(10 + (id % 16))}-0${1 + (id % 9)}-1${id % 10}` };
  if (id % 7 !== 0) fields.f1 = `${FIRST_NAMES[id % FIRST_NAMES.length]}${id % 3 === 0 ? '' : ` ${id}`}`;
  if (id % 5 !== 0) fields.f3 = (id * 37) % 10_000;
  if (id % 4 !== 0) fields.f5 = `c${1 + (id % 3)}`;
  if (id % 3 !== 0) fields.f6 = ['c1', 'c2', 'c3', 'c4'].filter((_, choice) => (id >> choice) % 2 === 1);
  const token = `${id.toString(36)}.${((id * 2_654_435_761) >>> 0).toString(36)}`;
  return {
    contact: { email: `user${id}@example${id % 50}.com`, mobile: id % 2 === 0 ? `+8526${String(id).padStart(7, '0')}` : null, fields },
    unsubscribeUrl: `https://app.example/u/${token}?c=4711`,
    onlineVersionUrl: `https://app.example/v/4711/${token}`,
    trackingToken: token,
  };
}

export const templateRender: Benchmark = {
  name: 'template-render',
  async run(): Promise<Figure[]> {
    const html = newsletterHtml();
    const recipients = Array.from({ length: CONTACTS }, (_, id) => recipientNumber(id + 1));

    const compileStarted = performance.now();
    const template = compileTemplate(html, {
      fields: FIELDS,
      escape: 'html',
      trackLink: (url, index) => `https://t.example/c/4711/${index}/${TRACKING_TOKEN}?u=${encodeURIComponent(url)}`,
      openPixelUrl: `https://t.example/o/4711/${TRACKING_TOKEN}.gif`,
    });
    const compileMs = performance.now() - compileStarted;

    // The sum of lengths and a read from each document keep every render alive, and the read makes
    // V8 join the pieces into one flat string, as writing the message out would.
    let checksum = 0;
    const renderFor = (durationMs: number) => {
      let renders = 0;
      const started = performance.now();
      let elapsed = 0;
      while (elapsed < durationMs) {
        for (let i = 0; i < RENDERS_PER_CLOCK_READ; i += 1) {
          const output = template.render(recipients[renders % CONTACTS]);
          checksum += output.length + output.charCodeAt(output.length >> 1);
          renders += 1;
        }
        elapsed = performance.now() - started;
      }
      return { renders, seconds: elapsed / 1000 };
    };

    renderFor(WARM_UP_MS);
    const { renders, seconds } = renderFor(MEASURE_MS);
    if (checksum === 0 || template.trackedLinks.length !== 20) throw new Error('template-render: the renders produced nothing, or the links were not tracked');
    const sample = recipients.slice(0, 1_000);
    const outputBytes = sample.reduce((sum, recipient) => sum + Buffer.byteLength(template.render(recipient)), 0) / sample.length;

    return [
      { bench: 'template-render', metric: 'compile-ms', value: compileMs, unit: 'ms' },
      { bench: 'template-render', metric: 'renders-per-s', value: renders / seconds, unit: 'renders/s' },
      { bench: 'template-render', metric: 'output-kb', value: outputBytes / 1024, unit: 'KiB' },
      { bench: 'template-render', metric: 'template-kb', value: Buffer.byteLength(html) / 1024, unit: 'KiB' },
    ];
  },
};
