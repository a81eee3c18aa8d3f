/**
 * Transactional mail texts in the four UI languages. Kept as plain functions so the mail reads
 * the same in the local sink and in SES.
 */
import type { Language } from '../../../shared/constants.js';
import { escapeHtml } from '../../../shared/domain/personalization.js';
import type { MailMessage } from '../../channels/mail.js';

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

type NotificationMailText = { greeting: (name: string) => string; open: string; why: string; settings: string };

const NOTIFICATION_TEXT: Record<Language, NotificationMailText> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    open: 'Open Campaign Platform',
    why: 'You get this email because you chose to receive this kind of notification by email.',
    settings: 'Change your notification settings',
  },
  'zh-CN': {
    greeting: (name) => `${name}，您好：`,
    open: '打开平台',
    why: '您收到此邮件，是因为您选择了以电子邮件接收这类通知。',
    settings: '更改通知设置',
  },
  'zh-HK': {
    greeting: (name) => `${name}，你好：`,
    open: '開啟平台',
    why: '你收到此電郵，是因為你選擇了以電郵接收這類通知。',
    settings: '更改通知設定',
  },
  'zh-TW': {
    greeting: (name) => `${name}，您好：`,
    open: '開啟平台',
    why: '您收到此郵件，是因為您選擇了以電子郵件接收這類通知。',
    settings: '變更通知設定',
  },
};

/** A notification by email (settings → notifications): the sentence is the subject and the body. */
export function notificationMail(input: { to: string; fullname: string; sentence: string; language: Language; appUrl: string }): MailMessage {
  const text = NOTIFICATION_TEXT[input.language];
  const appUrl = input.appUrl.replace(/\/+$/, '');
  const settingsUrl = `${appUrl}/#/settings/notifications`;
  return {
    to: input.to,
    subject: input.sentence,
    text: [text.greeting(input.fullname), '', input.sentence, '', `${text.open}: ${appUrl}/`, '', text.why, `${text.settings}: ${settingsUrl}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(text.greeting(input.fullname))}</p><p>${escapeHtml(input.sentence)}</p>
<p><a href="${escapeHtml(`${appUrl}/`)}" style="color:#2b6cb0">${escapeHtml(text.open)}</a></p>
<p style="color:#718096;font-size:12px">${escapeHtml(text.why)} <a href="${escapeHtml(settingsUrl)}" style="color:#718096">${escapeHtml(text.settings)}</a></p></body></html>`,
  };
}

type ResetMailText = { subject: string; greeting: (name: string) => string; intro: string; action: string; expiry: string; ignore: string };

const PASSWORD_RESET_TEXT: Record<Language, ResetMailText> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    intro: 'Someone asked to reset the password of your account. Open this link to choose a new one:',
    action: 'Reset password',
    expiry: 'The link works once, within 30 minutes. Resetting signs you out everywhere.',
    ignore: "If you didn't ask for it, you can ignore this email: your password stays as it is.",
  },
  'zh-CN': {
    subject: '重设您的密码',
    greeting: (name) => `${name}，您好：`,
    intro: '有人请求重设您账户的密码。请打开以下链接设置新密码：',
    action: '重设密码',
    expiry: '链接只能使用一次，30 分钟内有效。重设后您将在所有设备上退出登录。',
    ignore: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  },
  'zh-HK': {
    subject: '重設你的密碼',
    greeting: (name) => `${name}，你好：`,
    intro: '有人要求重設你帳戶的密碼。請開啟以下連結設定新密碼：',
    action: '重設密碼',
    expiry: '連結只可使用一次，30 分鐘內有效。重設後你會在所有裝置登出。',
    ignore: '如非你本人操作，請忽略此電郵，你的密碼不會改變。',
  },
  'zh-TW': {
    subject: '重設您的密碼',
    greeting: (name) => `${name}，您好：`,
    intro: '有人要求重設您帳戶的密碼。請開啟以下連結設定新密碼：',
    action: '重設密碼',
    expiry: '連結只能使用一次，30 分鐘內有效。重設後您會在所有裝置登出。',
    ignore: '如果這不是您本人的操作，請忽略此郵件，您的密碼不會改變。',
  },
};

/** The password reset link (sign-in → "Forgot password?"). */
export function passwordResetMail(input: { to: string; fullname: string; link: string; language: Language }): MailMessage {
  const text = PASSWORD_RESET_TEXT[input.language];
  return {
    to: input.to,
    subject: text.subject,
    text: [text.greeting(input.fullname), '', text.intro, '', input.link, '', text.expiry, text.ignore].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(text.greeting(input.fullname))}</p><p>${escapeHtml(text.intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="color:#2b6cb0;font-weight:bold">${escapeHtml(text.action)}</a></p>
<p>${escapeHtml(text.expiry)}</p><p style="color:#718096">${escapeHtml(text.ignore)}</p></body></html>`,
  };
}

type ReceiptMailText = { subject: (orderId: string) => string; intro: string; total: string; view: string };

const RECEIPT_MAIL_TEXT: Record<Language, ReceiptMailText> = {
  en: {
    subject: (orderId) => `Your receipt for order ${orderId}`,
    intro: 'Thank you for your purchase. Your payment was received and the credits are on your account.',
    total: 'Total paid',
    view: 'View and download the receipt in Plans & Orders',
  },
  'zh-CN': {
    subject: (orderId) => `订单 ${orderId} 的收据`,
    intro: '感谢您的购买。我们已收到您的付款，额度已存入您的账户。',
    total: '已付总额',
    view: '在套餐与订单中查看及下载收据',
  },
  'zh-HK': {
    subject: (orderId) => `訂單 ${orderId} 的收據`,
    intro: '多謝您的購買。我們已收到您的付款，額度已存入您的帳戶。',
    total: '已付總額',
    view: '在計劃與訂單中查看及下載收據',
  },
  'zh-TW': {
    subject: (orderId) => `訂單 ${orderId} 的收據`,
    intro: '感謝您的購買。我們已收到您的付款，額度已存入您的帳戶。',
    total: '已付總額',
    view: '在方案與訂單中查看及下載收據',
  },
};

/** A paid order's receipt notice to one invoice recipient: the total and where the PDF is (billing §2 receipt screen). */
export function receiptMail(input: { to: string; orderId: string; total: string; language: Language; appUrl: string }): MailMessage {
  const text = RECEIPT_MAIL_TEXT[input.language];
  const ordersUrl = `${input.appUrl.replace(/\/+$/, '')}/#/plans-and-orders?tab=orders`;
  return {
    to: input.to,
    subject: text.subject(input.orderId),
    text: [text.intro, '', `${text.total}: ${input.total}`, '', `${text.view}: ${ordersUrl}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(text.intro)}</p><p><strong>${escapeHtml(text.total)}:</strong> ${escapeHtml(input.total)}</p>
<p><a href="${escapeHtml(ordersUrl)}" style="color:#2b6cb0">${escapeHtml(text.view)}</a></p></body></html>`,
  };
}
