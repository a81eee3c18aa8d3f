/** Where a notification leads on click (spec §2.7), and which ask an unverified user to verify (spec §6). */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPES } from '../../../../shared/domain/notifications.js';
import { notificationTarget, requiresVerifiedUser } from '../../../../web/src/notifications/targets.js';

const notice = (type: string, messageType: string) => ({ type, message: { type: messageType, values: {} } });

describe('notificationTarget', () => {
  it.each([
    ['emailCampign', 'finished', '/emails'],
    ['smsCampaign', 'started', '/sms-and-mms'],
    ['import', 'finished', '/contacts'],
    ['export', 'finished', '/exports'],
    ['paymentError', 'failed', '/settings/billing'],
    ['paymentReminder', 'autoRenew', '/settings/billing'],
    ['templateShare', 'shared', '/templates'],
    ['templateShare', 'groupShared', '/groups'],
    ['teamAdminApprove', 'joinRequest', '/settings/multi-user?tab=team'],
    ['connection', 'requested', '/settings/multi-user?tab=connect'],
    ['smsIdentity', 'approved', '/settings/sms-and-mms'],
  ])('%s.%s leads to %s', (type, messageType, target) => {
    expect(notificationTarget(notice(type, messageType))).toBe(target);
  });

  it('opens the report of the campaign an email campaign notice is about', () => {
    const approval = { type: 'emailCampign', message: { type: 'approvalRequested', values: { campaignId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } } };
    expect(notificationTarget(approval)).toBe('/emails/campaign-report?id=01ARZ3NDEKTSV4RRFFQ69G5FAV&view=overview');
  });

  it('opens the report of the campaign an SMS or MMS campaign notice is about', () => {
    const started = { type: 'smsCampaign', message: { type: 'started', values: { campaignId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } } };
    expect(notificationTarget(started)).toBe('/sms-and-mms/campaign-report?id=01ARZ3NDEKTSV4RRFFQ69G5FAV&view=overview');
  });

  it.each([
    ['creditReady', 'email'],
    ['payAsYouGoExpiryWarning', 'expiresIn'],
    ['storageLimit', 'reached100'],
    ['contactLimit', 'reached75'],
    ['unknownKind', 'whatever'],
  ])('%s.%s has no page of its own: the user stays', (type, messageType) => {
    expect(notificationTarget(notice(type, messageType))).toBeNull();
  });

  it('leads only to routes of spec §2.1', () => {
    const routes = /^\/(emails|sms-and-mms|contacts|exports|groups|templates|settings\/(billing|multi-user\?tab=(team|connect)|sms-and-mms))$/;
    for (const type of NOTIFICATION_TYPES) {
      for (const message of NOTIFICATION_MESSAGES[type]) {
        const target = notificationTarget(notice(type, message));
        if (target !== null) expect(target, `${type}.${message}`).toMatch(routes);
      }
    }
  });
});

describe('requiresVerifiedUser', () => {
  it('covers team notifications and approval requests', () => {
    expect(requiresVerifiedUser(notice('teamAdminApprove', 'invitation'))).toBe(true);
    expect(requiresVerifiedUser(notice('outsiderApprove', 'invitation'))).toBe(true);
    expect(requiresVerifiedUser(notice('teamResourceAllocation', 'allocated'))).toBe(true);
    expect(requiresVerifiedUser(notice('emailCampign', 'approvalRequested'))).toBe(true);
  });

  it('leaves the others alone', () => {
    expect(requiresVerifiedUser(notice('emailCampign', 'finished'))).toBe(false);
    expect(requiresVerifiedUser(notice('import', 'finished'))).toBe(false);
    expect(requiresVerifiedUser(notice('connection', 'accepted'))).toBe(false);
  });
});
