import { describe, expect, it } from 'vitest';
import { sesEventsFor, snsEnvelope } from '../../../functions/channels/sink-events.js';

const base = { messageId: 'm', from: 'a@b.c', subject: 's', tags: { tuid: 't', campaignId: 'c', contactId: '1' }, timestamp: new Date(0) };

describe('sesEventsFor', () => {
  it('follows the mailbox simulator addresses', () => {
    expect(sesEventsFor({ ...base, to: 'bounce@simulator.amazonses.com' }).map((event) => event.eventType)).toEqual(['Bounce']);
    expect(sesEventsFor({ ...base, to: 'x@y.z' })[0]).toMatchObject({ eventType: 'Delivery', mail: { tags: { campaignId: ['c'] }, destination: ['x@y.z'] } });
  });

  it('reports a soft bounce for the out-of-office address and a delivery then a complaint for the complaint address', () => {
    expect(sesEventsFor({ ...base, to: 'ooto@simulator.amazonses.com' })[0]).toMatchObject({ eventType: 'Bounce', bounce: { bounceType: 'Transient' } });
    expect(sesEventsFor({ ...base, to: 'complaint@simulator.amazonses.com' }).map((event) => event.eventType)).toEqual(['Delivery', 'Complaint']);
  });
});

describe('snsEnvelope', () => {
  it('wraps the event as SNS delivers it to SQS without raw message delivery', () => {
    const envelope = JSON.parse(snsEnvelope({ eventType: 'Delivery' }, new Date(0)));
    expect(envelope).toMatchObject({ Type: 'Notification', Timestamp: '1970-01-01T00:00:00.000Z' });
    expect(JSON.parse(envelope.Message)).toEqual({ eventType: 'Delivery' });
  });
});
