import { describe, expect, it } from 'vitest';
import {
  answerMessageOf,
  canAnswerShare,
  canChangeShareRights,
  canEditSharedTemplate,
  canReadSharedTemplate,
  offerMessageOf,
  shareReceiverRefusal,
  type ShareState,
} from '../../../shared/domain/template-sharing.js';
import { NOTIFICATION_MESSAGES } from '../../../shared/domain/notifications.js';
import { ERROR_CODES, httpStatusOf } from '../../../shared/errors.js';
import { ZShareTemplateRequest } from '../../../shared/schemas/template-sharing.js';

const caller = { tuid: 'owner-account', loginTuid: 'owner-account' };

describe('who may receive a template', () => {
  it('is another standard account', () => {
    // Act
    const refusal = shareReceiverRefusal({ ...caller, receiver: { tuid: 'bob', free: false } });
    // Assess
    expect(refusal).toBeNull();
  });

  it.each([
    ['a free account', { tuid: 'bob', free: true }],
    ['the account itself', { tuid: 'owner-account', free: false }],
  ])('is never %s (spec §5, §6)', (_, receiver) => {
    // Act
    const refusal = shareReceiverRefusal({ ...caller, receiver });
    // Assess
    expect(refusal?.code).toBe(ERROR_CODES.TEMPLATE_SHARE_RECEIVER);
    expect(refusal?.code.startsWith('VALIDATE_')).toBe(true);
  });

  it("is never the signed-in user's own account, even when acting on another account", () => {
    // Act
    const refusal = shareReceiverRefusal({ tuid: 'ada', loginTuid: 'bob', receiver: { tuid: 'bob', free: false } });
    // Assess
    expect(refusal?.code).toBe(ERROR_CODES.TEMPLATE_SHARE_RECEIVER);
  });

  it('answers VAL-USR-02 for a login nobody has', () => {
    expect(shareReceiverRefusal({ ...caller, receiver: null })?.code).toBe(ERROR_CODES.USER_NOT_FOUND);
  });

  it('answers TPL-SHR-01 with HTTP 409 when already shared, like TPL-SAV-01', () => {
    expect(ERROR_CODES.TEMPLATE_ALREADY_SHARED).toBe('TPL-SHR-01');
    expect(httpStatusOf(ERROR_CODES.TEMPLATE_ALREADY_SHARED)).toBe(409);
  });
});

describe('what a share allows', () => {
  const share = (state: Partial<ShareState>): ShareState => ({ mode: 'share', status: 'accepted', rights: 'view', ...state });

  it('lets the receiver read only an accepted share, never a pending one or a copy', () => {
    expect(canReadSharedTemplate(share({}))).toBe(true);
    expect(canReadSharedTemplate(share({ status: 'pending' }))).toBe(false);
    expect(canReadSharedTemplate(share({ mode: 'copy' }))).toBe(false);
  });

  it('lets the receiver edit only with edit rights on an accepted share', () => {
    expect(canEditSharedTemplate(share({ rights: 'edit' }))).toBe(true);
    expect(canEditSharedTemplate(share({ rights: 'view' }))).toBe(false);
    expect(canEditSharedTemplate(share({ rights: 'edit', status: 'pending' }))).toBe(false);
  });

  it('is answered only while pending, and has rights to change only when it is not a copy', () => {
    expect(canAnswerShare({ status: 'pending' })).toBe(true);
    expect(canAnswerShare({ status: 'accepted' })).toBe(false);
    expect(canChangeShareRights({ mode: 'share' })).toBe(true);
    expect(canChangeShareRights({ mode: 'copy' })).toBe(false);
  });
});

describe('share notices', () => {
  it('use the templateShare messages of spec §3', () => {
    // Act
    const messages = [offerMessageOf('share'), offerMessageOf('copy'), answerMessageOf('share', true), answerMessageOf('copy', true), answerMessageOf('share', false), answerMessageOf('copy', false)];
    // Assess
    expect(messages).toEqual(['shared', 'copySent', 'approved', 'received', 'rejected', 'rejected']);
    for (const message of messages) expect(NOTIFICATION_MESSAGES.templateShare).toContain(message);
  });
});

describe('the share request', () => {
  it('trims and lower-cases the email and defaults to a view share', () => {
    expect(ZShareTemplateRequest.parse({ email: '  Bob@Example.COM ' })).toEqual({ email: 'bob@example.com', rights: 'view', mode: 'share' });
  });

  it.each([{ email: 'not-an-email' }, { email: 'bob@example.com', rights: 'owner' }, { email: 'bob@example.com', mode: 'move' }, { email: 'bob@example.com', extra: 1 }])(
    'refuses %o',
    (body) => {
      expect(ZShareTemplateRequest.safeParse(body).success).toBe(false);
    },
  );
});
