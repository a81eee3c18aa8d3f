/**
 * "Send test": an email template rendered as a recipient would get it, sent to the
 * signed-in user's own login address through the outbound-mail queue.
 */
import { RATE_LIMITS } from '../../../shared/constants.js';
import { compileTemplate, TemplateCompileError, type TemplateRecipient } from '../../../shared/domain/personalization.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TTestSendTemplateRequest, TTestSendTemplateResponse } from '../../../shared/schemas/templates.js';
import { getAccount } from '../../data/accounts.js';
import { config } from '../../lib/config.js';
import { enqueueMail } from '../../queues/outbound-mail.js';
import { listContactFields } from '../contacts/contact-fields.js';
import { requireContact } from '../contacts/contacts.js';
import { enforceRateLimit } from '../session/rate-limit.js';
import { getTemplate } from './templates.js';

/** Without a chosen contact every tag shows its fallback. */
const EMPTY_CONTACT: TemplateRecipient['contact'] = { email: null, mobile: null, fields: {} };

/** The HTML reduced to readable text for the mail's plain part. */
function plainTextOf(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

/**
 * Sends the email template `templateId` of account `tuid` to the login email of user
 * `loginTuid`, personalised with contact `input.contactId` when given. Refuses SMS/MMS templates
 * and templates with a broken tag (INVALID_INPUT); at most RATE_LIMITS.templateTestSendPerUser.
 */
export async function sendTemplateTest(options: {
  tuid: string;
  loginTuid: string;
  templateId: string;
  input: TTestSendTemplateRequest;
  now: Date;
}): Promise<TTestSendTemplateResponse> {
  const { tuid, loginTuid, templateId, input, now } = options;
  // Counted before anything is read, so refused attempts cannot be used to probe freely either.
  await enforceRateLimit({ scope: 'template-test-send', subject: loginTuid, limit: RATE_LIMITS.templateTestSendPerUser, now });
  const template = await getTemplate({ tuid, templateId, now });
  if (template.content.kind !== 'email') {
    throw new AppError(ERROR_CODES.INVALID_INPUT, `Only email templates can be sent as a test; this is an ${template.content.kind.toUpperCase()} template.`);
  }
  const [account, fields, contact] = await Promise.all([
    getAccount(loginTuid),
    listContactFields(tuid),
    input.contactId === undefined ? EMPTY_CONTACT : requireContact({ tuid, id: input.contactId }),
  ]);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');

  let html: string;
  try {
    // Harmless stand-ins: a test recipient must not unsubscribe anyone or need a stored online copy.
    const testLink = `${config().APP_URL}/templates?testSend=1`;
    html = compileTemplate(template.content.html, { fields, escape: 'html' }).render({ contact, unsubscribeUrl: testLink, onlineVersionUrl: testLink });
  } catch (error) {
    if (!(error instanceof TemplateCompileError)) throw error;
    throw new AppError(ERROR_CODES.INVALID_INPUT, `The template has a broken tag (${error.problem.code}) at character ${error.problem.start}: ${error.problem.text}`);
  }

  await enqueueMail({ to: account.login, subject: `[Test] ${template.name}`, text: plainTextOf(html), html });
  return { success: true, to: account.login };
}
