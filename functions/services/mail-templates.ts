/**
 * Transactional mail texts in the four UI languages. Kept as plain functions so the mail reads
 * the same in the local sink and in SES.
 */
import type { Language } from '../../shared/constants.js';
import type { MailMessage } from '../channels/mail.js';

type CodeMailText = { subject: string; greeting: (name: string) => string; intro: string; expiry: string; ignore: string };

const VERIFICATION_TEXT: Record<Language, CodeMailText> = {
  en: {
    subject: 'Your verification code',
    greeting: (name) => `Hello ${name},`,
    intro: 'Use this code to verify your login email:',
    expiry: 'The code is valid for 30 minutes.',
    ignore: "If you didn't ask for it, you can ignore this email.",
  },
  'zh-CN': {
    subject: '您的验证码',
    greeting: (name) => `${name}，您好：`,
    intro: '请使用以下验证码验证您的登录电子邮件：',
    expiry: '验证码在 30 分钟内有效。',
    ignore: '如果这不是您本人的操作，请忽略此邮件。',
  },
  'zh-HK': {
    subject: '你的驗證碼',
    greeting: (name) => `${name}，你好：`,
    intro: '請使用以下驗證碼驗證你的登入電郵：',
    expiry: '驗證碼於 30 分鐘內有效。',
    ignore: '如非你本人操作，請忽略此電郵。',
  },
  'zh-TW': {
    subject: '您的驗證碼',
    greeting: (name) => `${name}，您好：`,
    intro: '請使用以下驗證碼驗證您的登入電子郵件：',
    expiry: '驗證碼在 30 分鐘內有效。',
    ignore: '如果這不是您本人的操作，請忽略此郵件。',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function verificationCodeMail(input: { to: string; fullname: string; code: string; language: Language }): MailMessage {
  const text = VERIFICATION_TEXT[input.language];
  const lines = [text.greeting(input.fullname), '', text.intro, '', input.code, '', text.expiry, text.ignore];
  return {
    to: input.to,
    subject: `${text.subject}: ${input.code}`,
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<p>${escapeHtml(text.greeting(input.fullname))}</p><p>${escapeHtml(text.intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${input.code}</p>
<p>${escapeHtml(text.expiry)}</p><p style="color:#718096">${escapeHtml(text.ignore)}</p></body></html>`,
  };
}
