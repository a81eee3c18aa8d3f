import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_LOCK_GRACE_PERIOD_DAYS,
  FORCED_ACTIVATION_DUE_MS,
  FREE_STORAGE_BASELINE_MB,
  SERVICE_TIME_ZONE,
  type Language,
} from '../../../shared/constants.js';
import { isTimeZone } from '../../../shared/domain/time-zone.js';
import type { AccountRecord, Credits } from '../../data/accounts.js';

const NO_CREDITS: Credits = { email: 0, sms: 0, attachmentMb: 0, pdfPages: 0, storageMb: FREE_STORAGE_BASELINE_MB, teamUsers: 0 };

/** A new account as sign-up creates it: free, unverified, in 'verifying' status (spec §1, §4). */
export function newFreeAccount(input: {
  fullname: string;
  login: string;
  passwordHash: string;
  language?: Language;
  timezone?: string;
  now: Date;
}): AccountRecord {
  return {
    tuid: randomUUID(),
    fullname: input.fullname,
    login: input.login,
    passwordHash: input.passwordHash,
    passwordHistory: [],
    status: 'verifying',
    lockedBy: null,
    createTime: input.now.toISOString(),
    loginCount: 0,
    free: true,
    unverified: true,
    lastVerifiedTime: null,
    forceVerifyEndTime: new Date(input.now.getTime() + FORCED_ACTIVATION_DUE_MS).toISOString(),
    timezone: isTimeZone(input.timezone) ? input.timezone : SERVICE_TIME_ZONE,
    language: input.language ?? DEFAULT_LANGUAGE,
    admin: false,
    isCustomizedCrm: false,
    reputation: 100,
    smsReputation: 100,
    enableMultiUserModule: true,
    enableConnectionModule: true,
    addFooter: true,
    hasFailedPayment: false,
    hasFailingPaymentMethods: false,
    teamId: null,
    teamAdmin: false,
    teamAdminUserId: null,
    canBuyPlan: true,
    isShoppingCartLocked: false,
    hideShoppingCart: false,
    forcePasswordChange: false,
    unverifiedUserLockGracePeriod: DEFAULT_LOCK_GRACE_PERIOD_DAYS,
    credits: NO_CREDITS,
    freeEmailDay: null,
    freeEmailUsed: 0,
    contactCount: 0,
  };
}
