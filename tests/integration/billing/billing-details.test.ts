/**
 * Billing info and invoice recipients (billing §3, §5, §7) through the API: the PUT and POST
 * shapes, the login email's row, duplicates refused with STT-NOT-C-009, bad input refused in the
 * error shape with nothing changed, and a receipt mail that hard-bounces suspending its recipient
 * until the user resets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptRecipients } from '../../../functions/data/invoice-recipients.js';
import { enqueueMail } from '../../../functions/queues/outbound-mail.js';
import { receiptMailTags } from '../../../functions/services/billing/billing-details.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TInvoiceRecipient } from '../../../shared/schemas/billing.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { drainEvents } from '../../helpers/delivery-events.js';
import { useTestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';
import { connect, signUpAs } from '../../helpers/seed/accounts.js';

const INFO = '/plansAndBillings/billingInfo';
const RECIPIENTS = '/plansAndBillings/recipients/email';
const RESET = '/plansAndBillings/recipients/updateNotificationEmailStatus';

type Recipients = { data: TInvoiceRecipient[] };

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

describe('billing info', () => {
  it('is added whole with PUT, edited field by field with POST (address1), and an edit that changes nothing writes nothing', async () => {
    // Prepare
    const owner = await signUpAs(api, 'Billing Betty');

    // Act
    const before = await call(api, owner, 'GET', INFO);
    const editFirst = await call(api, owner, 'POST', INFO, { name: 'Betty' });
    const added = await call(api, owner, 'PUT', INFO, { name: '  Betty Chan ', company: '陳氏貿易有限公司', addressOne: '1 Queen’s Road\nCentral, Hong Kong' });
    const edited = await call(api, owner, 'POST', INFO, { address1: '2 Queen’s Road, Central' });
    const unchanged = await call(api, owner, 'POST', INFO, { name: 'Betty Chan' });
    const read = await call(api, owner, 'GET', INFO);

    // Assess
    expect(before.body).toEqual({ data: null });
    expect(editFirst.status).toBe(404);
    expect(editFirst.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(added.body).toEqual({ data: { name: 'Betty Chan', company: '陳氏貿易有限公司', addressOne: '1 Queen’s Road\nCentral, Hong Kong' } });
    expect(edited.body).toEqual({ data: { name: 'Betty Chan', company: '陳氏貿易有限公司', addressOne: '2 Queen’s Road, Central' } });
    expect(unchanged.body).toEqual(edited.body);
    expect(read.body).toEqual(edited.body);
  });

  it('refuses empty, too long or extra fields in the error shape and keeps what it had; a team member acting on the account is refused', async () => {
    // Prepare
    const owner = await signUpAs(api, 'Strict Sam');
    const member = await connect(owner, await signUpAs(api, 'Colin Collaborator'), 'collaborator');
    const kept = { name: 'Sam', company: 'Sam Ltd', addressOne: 'Somewhere' };
    await call(api, owner, 'PUT', INFO, kept);

    // Act
    const answers = await Promise.all([
      call(api, owner, 'PUT', INFO, { name: ' ', company: 'X', addressOne: 'Y' }),
      call(api, owner, 'PUT', INFO, { name: 'A', company: 'B' }),
      call(api, owner, 'PUT', INFO, { name: 'A', company: 'x'.repeat(201), addressOne: 'C' }),
      call(api, owner, 'POST', INFO, { address1: '   ' }),
      call(api, owner, 'POST', INFO, { addressOne: 'wrong name for the edit' }),
      call(api, owner, 'PUT', INFO, { name: 'Line\nbreak', company: 'B', addressOne: 'C' }),
    ]);
    const memberRead = await call(api, member, 'GET', INFO);
    const read = await call(api, owner, 'GET', INFO);

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT, message: expect.any(String) });
    }
    expect(memberRead.status).toBe(403);
    expect(memberRead.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    expect(read.body).toEqual({ data: kept });
  });
});

describe('invoice recipients', () => {
  it('lists the login email first, adds, edits and deletes recipients, and refuses duplicates with STT-NOT-C-009', async () => {
    // Prepare
    const owner = await signUpAs(api, 'Rita Recipients');

    // Act
    const first = await call<Recipients>(api, owner, 'GET', RECIPIENTS);
    const added = await call<Recipients>(api, owner, 'POST', RECIPIENTS, { name: ' Accounts ', email: ' Accounts@Example.com ' });
    const second = await call<Recipients>(api, owner, 'POST', RECIPIENTS, { name: 'Boss', email: 'boss@example.com' });
    const accountsId = added.body.data[1].id;
    const duplicate = await call(api, owner, 'POST', RECIPIENTS, { name: 'Again', email: 'accounts@example.com' });
    const loginAsRecipient = await call(api, owner, 'POST', RECIPIENTS, { name: 'Me', email: owner.email });
    const editToTaken = await call(api, owner, 'PUT', RECIPIENTS, { id: accountsId, email: 'boss@example.com' });
    const edited = await call<Recipients>(api, owner, 'PUT', RECIPIENTS, { id: accountsId, name: 'Finance', email: 'finance@example.com' });
    // The old address is free again once the recipient moved off it.
    const reused = await call<Recipients>(api, owner, 'POST', RECIPIENTS, { name: 'Old', email: 'accounts@example.com' });
    const deleted = await call<Recipients>(api, owner, 'DELETE', RECIPIENTS, { id: second.body.data[2].id });

    // Assess
    expect(first.body.data).toEqual([{ id: 'self', name: 'Rita Recipients', email: owner.email, status: 'valid', isSelf: true }]);
    expect(added.body.data[1]).toEqual({ id: expect.any(String), name: 'Accounts', email: 'accounts@example.com', status: 'valid', isSelf: false });
    for (const refused of [duplicate, loginAsRecipient, editToTaken]) {
      expect(refused.status).toBe(409);
      expect(refused.body.statusCode).toBe(ERROR_CODES.RECIPIENT_EMAIL_USED);
    }
    expect(edited.body.data.map((recipient) => [recipient.name, recipient.email])).toEqual([
      ['Rita Recipients', owner.email],
      ['Finance', 'finance@example.com'],
      ['Boss', 'boss@example.com'],
    ]);
    expect(reused.status).toBe(200);
    expect(deleted.body.data.map((recipient) => recipient.email)).toEqual([owner.email, 'finance@example.com', 'accounts@example.com']);
    expect(await receiptRecipients(owner.tuid)).toEqual([owner.email, 'finance@example.com', 'accounts@example.com']);
  });

  it('refuses a bad email, a missing name, the self row and unknown ids in the error shape, and changes nothing', async () => {
    // Prepare
    const owner = await signUpAs(api, 'Careful Carl');
    const kept = (await call<Recipients>(api, owner, 'POST', RECIPIENTS, { name: 'Kept', email: 'kept@example.com' })).body;
    const keptId = kept.data[1].id;

    // Act
    const invalid = await Promise.all([
      call(api, owner, 'POST', RECIPIENTS, { name: 'No At', email: 'x@inbox.example,com' }),
      call(api, owner, 'POST', RECIPIENTS, { name: '  ', email: 'blank-name@example.com' }),
      call(api, owner, 'POST', RECIPIENTS, { email: 'no-name@example.com' }),
      call(api, owner, 'PUT', RECIPIENTS, { id: keptId, name: 'No email' }),
      call(api, owner, 'PUT', RECIPIENTS, { id: 'self', email: 'other@example.com' }),
      call(api, owner, 'DELETE', RECIPIENTS, { id: 'self' }),
      call(api, owner, 'POST', RESET, { id: 'self', email: owner.email }),
    ]);
    const missing = await Promise.all([
      call(api, owner, 'DELETE', RECIPIENTS, { id: 'no-such-recipient' }),
      call(api, owner, 'PUT', RECIPIENTS, { id: 'no-such-recipient', email: 'x@example.com' }),
      // A stale dialog: the recipient's address is no longer the one it resets.
      call(api, owner, 'POST', RESET, { id: keptId, email: 'old@example.com' }),
    ]);
    const read = await call<Recipients>(api, owner, 'GET', RECIPIENTS);

    // Assess
    for (const answer of invalid) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT, message: expect.any(String) });
    }
    for (const answer of missing) {
      expect(answer.status).toBe(404);
      expect(answer.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    }
    expect(read.body).toEqual(kept);
  });

  it('suspends a recipient whose receipt mail hard-bounced, leaves it out of the receipt list, and the reset makes it valid again', async () => {
    // Prepare: the SES stand-in bounces mail to the simulator's bounce address, as SES does.
    const owner = await signUpAs(api, 'Bounce Bella');
    const bouncing = 'bounce@simulator.amazonses.com';
    await call(api, owner, 'POST', RECIPIENTS, { name: 'Finance', email: 'finance@example.com' });
    const added = await call<Recipients>(api, owner, 'POST', RECIPIENTS, { name: 'Gone', email: bouncing });
    const goneId = added.body.data[2].id;

    // Act: the receipt mailing sends one mail per address with the receipt's tags.
    const tags = receiptMailTags({ tuid: owner.tuid, orderId: 'order-1' });
    for (const to of await receiptRecipients(owner.tuid)) await enqueueMail({ to, subject: 'Receipt', text: 'Receipt', html: '<p>Receipt</p>', tags });
    await runQueueOnce('outbound-mail');
    await drainEvents();
    const afterBounce = await call<Recipients>(api, owner, 'GET', RECIPIENTS);
    const mailedAfterBounce = await receiptRecipients(owner.tuid);
    const reset = await call<Recipients>(api, owner, 'POST', RESET, { id: goneId, email: bouncing });

    // Assess
    expect(afterBounce.body.data.map((recipient) => [recipient.email, recipient.status])).toEqual([
      [owner.email, 'valid'],
      ['finance@example.com', 'valid'],
      [bouncing, 'suspended'],
    ]);
    expect(mailedAfterBounce).toEqual([owner.email, 'finance@example.com']);
    expect(reset.body.data[2]).toMatchObject({ email: bouncing, status: 'valid' });
    expect(await receiptRecipients(owner.tuid)).toEqual([owner.email, 'finance@example.com', bouncing]);
  });
});
