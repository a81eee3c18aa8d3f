/**
 * The mail that confirms a sender address: its code, in the language of the user who added it.
 * It goes to the address itself, so only someone who reads that mailbox can confirm it.
 */
import type { Language } from '../../../shared/constants.js';
import { escapeHtml } from '../../../shared/domain/personalization.js';
import type { MailMessage } from '../../channels/mail.js';

type SenderCodeText = { subject: string; intro: (accountName: string) => string; expiry: string; ignore: string };

const SENDER_CODE_TEXT: Record<Language, SenderCodeText> = {
  en: {
    subject: 'Confirm your sender address',
    intro: (name) => `${name} wants to send email campaigns from this address. Enter this code in Settings → Emails to confirm it:`,
    expiry: 'The code is valid for 30 minutes.',
    ignore: "If you didn't ask for it, ignore this email: nothing will be sent from this address.",
  },
  'zh-CN': {
    subject: '确认您的发件人地址',
    intro: (name) => `${name} 想从此地址发送电子邮件营销活动。请在“设置 → 电子邮件”中输入以下验证码以确认：`,
    expiry: '验证码在 30 分钟内有效。',
    ignore: '如果这不是您本人的操作，请忽略此邮件：不会有邮件从此地址发出。',
  },
  'zh-HK': {
    subject: '確認你的寄件人地址',
    intro: (name) => `${name} 想從此地址發送電郵推廣活動。請在「設定 → 電郵」輸入以下驗證碼以確認：`,
    expiry: '驗證碼於 30 分鐘內有效。',
    ignore: '如非你本人操作，請忽略此電郵：不會有郵件從此地址發出。',
  },
  'zh-TW': {
    subject: '確認您的寄件者地址',
    intro: (name) => `${name} 想從此地址寄送電子郵件行銷活動。請在「設定 → 電子郵件」輸入以下驗證碼以確認：`,
    expiry: '驗證碼在 30 分鐘內有效。',
    ignore: '如果這不是您本人的操作，請忽略此郵件：不會有郵件從此地址寄出。',
  },
};

export function senderAddressCodeMail(input: { to: string; accountName: string; code: string; language: Language }): MailMessage {
  const text = SENDER_CODE_TEXT[input.language];
  return {
    to: input.to,
    subject: `${text.subject}: ${input.code}`,
    text: [text.intro(input.accountName), '', input.code, '', text.expiry, text.ignore].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<p>${escapeHtml(text.intro(input.accountName))}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${input.code}</p>
<p>${escapeHtml(text.expiry)}</p><p style="color:#718096">${escapeHtml(text.ignore)}</p></body></html>`,
  };
}
