/**
 * The small pages recipients see at the public tracking links: the unsubscribe question, its
 * confirmation, and "link not found". Self-contained (inline style, no script, no image), readable
 * on a phone, in English or Chinese after the browser's Accept-Language.
 */
import { escapeHtml } from '../../../shared/domain/personalization.js';

export type PageLanguage = 'en' | 'zh-HK' | 'zh-CN';

const TEXTS = {
  en: {
    unsubscribeTitle: 'Unsubscribe',
    question: 'Stop receiving these emails at {address}?',
    questionNoAddress: 'Stop receiving these emails?',
    confirm: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: 'You will no longer receive these emails.',
    notFoundTitle: 'Link not found',
    notFound: 'This link is not valid. It may have been copied incompletely.',
  },
  'zh-HK': {
    unsubscribeTitle: '取消訂閱',
    question: '確定不再以 {address} 接收這些電郵？',
    questionNoAddress: '確定不再接收這些電郵？',
    confirm: '取消訂閱',
    doneTitle: '已取消訂閱',
    done: '你將不會再收到這些電郵。',
    notFoundTitle: '找不到連結',
    notFound: '此連結無效，可能未完整複製。',
  },
  'zh-CN': {
    unsubscribeTitle: '退订',
    question: '确定不再以 {address} 接收这些邮件？',
    questionNoAddress: '确定不再接收这些邮件？',
    confirm: '退订',
    doneTitle: '已退订',
    done: '您将不会再收到这些邮件。',
    notFoundTitle: '找不到链接',
    notFound: '此链接无效，可能复制不完整。',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

/** The first language of Accept-Language we have: Traditional Chinese for HK, TW, MO and Hant, Simplified for other Chinese. */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  for (const part of (acceptLanguage ?? '').toLowerCase().split(',')) {
    const tag = part.split(';')[0].trim();
    if (tag.startsWith('en')) return 'en';
    if (/^zh-(hk|tw|mo|hant)/.test(tag)) return 'zh-HK';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return 'en';
}

/** An address shown to whoever holds the link, without giving it away whole: `ad***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`;
}

/** Pages run nothing and load nothing; the form may post only back here. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const STYLE =
  'body{margin:0;padding:16px;background:#f4f5f7;color:#1a202c;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang HK","Microsoft JhengHei",sans-serif}' +
  'main{max-width:420px;margin:12vh auto 0;background:#fff;border-radius:12px;padding:28px 24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}' +
  'h1{font-size:1.35rem;margin:0 0 12px}p{margin:0 0 20px;overflow-wrap:anywhere}' +
  'button{width:100%;padding:12px;font:inherit;font-weight:600;color:#fff;background:#c53030;border:0;border-radius:8px;cursor:pointer}';

function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The question, with a Confirm button that posts the RFC 8058 body back to the same address. */
export function unsubscribeQuestionPage({ language, email }: { language: PageLanguage; email: string | null }): string {
  const text = TEXTS[language];
  const question = email ? text.question.replace('{address}', `<strong>${escapeHtml(maskEmail(email))}</strong>`) : text.questionNoAddress;
  return page(
    language,
    text.unsubscribeTitle,
    `<h1>${text.unsubscribeTitle}</h1><p>${question}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${text.confirm}</button></form>`,
  );
}

export function unsubscribedPage(language: PageLanguage): string {
  const text = TEXTS[language];
  return page(language, text.doneTitle, `<h1>${text.doneTitle}</h1><p>${text.done}</p>`);
}

/** The same page for every link that is not ours: altered, forged, wrong purpose, unknown link. */
export function linkNotFoundPage(language: PageLanguage): string {
  const text = TEXTS[language];
  return page(language, text.notFoundTitle, `<h1>${text.notFoundTitle}</h1><p>${text.notFound}</p>`);
}
