/**
 * The campaign footer (the account's "Add the campaign footer" setting): who sent the mail and a
 * visible unsubscribe link, which Gmail and Yahoo ask of bulk senders beside the List-Unsubscribe
 * header. Content that already links `{{ unsubscribe_url }}` (every starter layout does) keeps its
 * own footer and gets no second one. Pure.
 */
import type { Language } from '../constants.js';
import en from '../locales/en/campaign-mail.json' with { type: 'json' };
import zhCN from '../locales/zh-CN/campaign-mail.json' with { type: 'json' };
import zhHK from '../locales/zh-HK/campaign-mail.json' with { type: 'json' };
import zhTW from '../locales/zh-TW/campaign-mail.json' with { type: 'json' };

const WORDS: Record<Language, typeof en> = { en, 'zh-CN': zhCN, 'zh-HK': zhHK, 'zh-TW': zhTW };

const UNSUBSCRIBE_TAG = /\{\{\s*unsubscribe_url\s*\}\}/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** `html` with the footer before its closing body tag (or at its end), unless it has its own unsubscribe link. */
export function withCampaignFooter(html: string, options: { sender: string; language: Language }): string {
  if (UNSUBSCRIBE_TAG.test(html)) return html;
  const words = WORDS[options.language];
  const footer =
    '<div style="margin:24px 0 0;padding:16px;border-top:1px solid #e2e8f0;font:12px/1.5 Arial,sans-serif;color:#4a5568;text-align:center">' +
    `${escapeHtml(words['footer.sentBy'].replace('{{sender}}', options.sender))} ` +
    `<a href="{{ unsubscribe_url }}" style="color:#4a5568">${escapeHtml(words['footer.unsubscribe'])}</a></div>`;
  const bodyEnd = html.search(/<\/body\s*>/i);
  return bodyEnd === -1 ? `${html}${footer}` : `${html.slice(0, bodyEnd)}${footer}${html.slice(bodyEnd)}`;
}
