/**
 * Mail leaves through one interface; the transport is configuration: the local sink or Amazon
 * SES v2. Callers never know which.
 */
import { randomUUID } from 'node:crypto';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../lib/aws/ses.js';
import { config } from '../lib/config.js';
import { appendToSink } from './sink.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export type MailTransport = { send(message: MailMessage): Promise<{ messageId: string }> };

const sinkTransport: MailTransport = {
  async send(message) {
    const { SINK_DIR, MAIL_FROM } = config();
    if (!SINK_DIR) throw new Error('SINK_DIR must be set when MAIL_TRANSPORT is sink');
    const id = randomUUID();
    await appendToSink(SINK_DIR, {
      id,
      kind: 'mail',
      from: MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
      createdAt: new Date().toISOString(),
    });
    return { messageId: id };
  },
};

const sesTransport: MailTransport = {
  async send(message) {
    const answer = await sesClient().send(
      new SendEmailCommand({
        FromEmailAddress: config().MAIL_FROM,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
            Headers: Object.entries(message.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
          },
        },
      }),
    );
    return { messageId: answer.MessageId ?? '' };
  },
};

export function mailTransport(): MailTransport {
  return config().MAIL_TRANSPORT === 'ses' ? sesTransport : sinkTransport;
}
