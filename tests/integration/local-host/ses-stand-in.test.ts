/**
 * The SES stand-in (infra/local/ses-stand-in.ts) through the product's own SES adapter and the real
 * SDK: what it keeps, what it publishes, and the errors the SDK names as SES's.
 */
import { CreateEmailIdentityCommand, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaignMailTransport, mailFailureKind, mailTransport } from '../../../functions/channels/mail.js';
import { buildMimeMessage } from '../../../functions/channels/mime.js';
import { sinkEventsPublished } from '../../../functions/channels/sink-events.js';
import { readSink } from '../../../functions/channels/sink.js';
import { sesClient } from '../../../functions/lib/aws/ses.js';
import { useTestTable } from '../../helpers/emulators.js';
import { takeProviderEvents } from '../../helpers/queues.js';
import { markSesIdentityRecords } from '../../../infra/local/ses-stand-in.js';

const store = await useTestTable();

// The campaign sender of these cases: a domain verified in SES, as SES sends only from those.
beforeAll(async () => {
  await sesClient().send(new CreateEmailIdentityCommand({ EmailIdentity: 'shop.example' }));
  await markSesIdentityRecords('shop.example', 'found');
});

afterEach(() => {
  delete process.env.SINK_THROTTLE_FRACTION;
});

describe('the SES stand-in', () => {
  it('keeps a transactional mail with its parts and headers, and publishes nothing for it', async () => {
    // Act
    const { messageId } = await mailTransport().send({ to: 'ann@example.com', subject: 'Your code', text: 'Code 123456', html: '<p>Code 123456</p>', headers: { 'X-Purpose': 'verification' } });
    await sinkEventsPublished();

    // Assess
    const [mail] = await readSink(store.sinkDir, 'mail', { to: 'ann@example.com' });
    expect(mail).toMatchObject({ id: messageId, subject: 'Your code', text: 'Code 123456', html: '<p>Code 123456</p>', headers: { 'X-Purpose': 'verification' } });
    expect(await takeProviderEvents()).toEqual([]);
  });

  it('keeps a campaign mail as SES got it, reads it into parts, and publishes its Delivery event with the tags', async () => {
    // Prepare
    const raw = buildMimeMessage({
      from: { name: 'Shop Ltd', address: 'news@shop.example' },
      to: 'bo@example.com',
      replyTo: undefined,
      subject: 'Spring — 春季',
      html: '<p>Hello Bo</p>',
      text: 'Hello Bo',
      messageId: 'm1@shop.example',
      date: new Date('2026-11-28T00:00:00Z'),
      unsubscribeUrl: 'https://app.example/t/unsubscribe/x',
    });
    const tags = { tuid: 'T1', campaignId: 'C1', contactId: '7' };

    // Act
    const { messageId } = await campaignMailTransport().sendRaw({ to: 'bo@example.com', raw, tags });
    await sinkEventsPublished();

    // Assess
    const [mail] = await readSink(store.sinkDir, 'mail', { to: 'bo@example.com' });
    expect(mail).toMatchObject({ id: messageId, from: 'Shop Ltd <news@shop.example>', subject: 'Spring — 春季', text: 'Hello Bo', raw, tags });
    expect(mail?.html).toContain('<p>Hello Bo</p>');
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const events = await takeProviderEvents();
    expect(events).toEqual([expect.objectContaining({ eventType: 'Delivery', mail: expect.objectContaining({ messageId, tags: { tuid: ['T1'], campaignId: ['C1'], contactId: ['7'] } }) })]);
  });

  it('answers TooManyRequestsException over its rate, which the delivery engine retries, in one SDK attempt', async () => {
    // Prepare
    process.env.SINK_THROTTLE_FRACTION = '1';

    // Act
    const error = await campaignMailTransport()
      .sendRaw({ to: 'cy@example.com', raw: 'From: news@shop.example\r\nSubject: x\r\n\r\nx', tags: { tuid: 'T1', campaignId: 'C1', contactId: '8' } })
      .catch((caught: unknown) => caught);

    // Assess
    expect(error).toMatchObject({ name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429, attempts: 1 } });
    expect(mailFailureKind(error)).toBe('throttled');
    expect(await readSink(store.sinkDir, 'mail', { to: 'cy@example.com' })).toEqual([]);
  });

  it('refuses a send without a destination as SES does, a permanent failure', async () => {
    // Act
    const error = await sesClient()
      .send(new SendEmailCommand({ Destination: { ToAddresses: [] }, Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } } }))
      .catch((caught: unknown) => caught);

    // Assess
    expect(error).toMatchObject({ name: 'BadRequestException', $metadata: { httpStatusCode: 400 } });
    expect(mailFailureKind(error)).toBe('permanent');
  });

  it('refuses, as SES does, a From whose address and domain are not verified identities: a permanent failure', async () => {
    // Prepare
    const raw = buildMimeMessage({ from: { name: 'Jane', address: 'jane@unverified-shop.example' }, to: 'cy@example.com', replyTo: undefined, subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', messageId: 'm2@unverified-shop.example', date: new Date('2026-11-28T00:00:00Z') });

    // Act
    const error = await campaignMailTransport()
      .sendRaw({ to: 'cy@example.com', raw, tags: { tuid: 'T1', campaignId: 'C2', contactId: '8' } })
      .catch((caught: unknown) => caught);

    // Assess
    expect(error).toMatchObject({ name: 'MessageRejected', message: expect.stringContaining('Email address is not verified'), $metadata: { httpStatusCode: 400 } });
    expect(mailFailureKind(error)).toBe('permanent');
    expect(await readSink(store.sinkDir, 'mail', { to: 'cy@example.com' })).toEqual([]);
  });
});
