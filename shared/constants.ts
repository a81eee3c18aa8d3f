/** Business constants of spec §9 and billing §9, in one place for web and functions. */

export const LANGUAGES = ['en', 'zh-CN', 'zh-HK', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const SERVICE_TIME_ZONE = 'Asia/Hong_Kong';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Client request timeouts (spec §9). */
export const TIMEOUTS_MS = {
  default: 50 * SECOND_MS,
  tokenRefresh: 30 * SECOND_MS,
  loadAndTitleCheck: 300 * SECOND_MS,
  stats: 600 * SECOND_MS,
  notifications: 100 * SECOND_MS,
  lazyChunk: 120 * SECOND_MS,
} as const;

export const TOKEN_REFRESH_THRESHOLD_MS = 5 * MINUTE_MS;
/** How long an access token is valid; refreshed long before (threshold above). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Provider support tokens are never refreshed (spec §6), so they last a working day. */
export const SUPPORT_ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const DEFAULT_IDLE_TIME_MS = HOUR_MS;
export const IDLE_REMINDER_MS = 5 * MINUTE_MS;
export const IDLE_CHECK_INTERVAL_MS = 30 * SECOND_MS;

export const VERIFICATION_RESEND_COOLDOWN_MS = 60 * SECOND_MS;
/** A verification code stays valid this long after it was sent. */
export const VERIFICATION_CODE_TTL_MS = 30 * MINUTE_MS;
/** A password reset link works once, within this time. */
export const PASSWORD_RESET_TTL_MS = 30 * MINUTE_MS;
/** Sign-ins listed under settings → account → sign-in activity, and how long they are kept. */
export const SIGN_IN_HISTORY = { listed: 20, keptDays: 90 } as const;
export const VERIFICATION_CODE_LENGTH = 6;
/** Wrong guesses allowed on one code before it is spent. */
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const REVERIFICATION_INTERVAL_MS = 180 * DAY_MS;
export const FORCED_ACTIVATION_DUE_MS = 14 * DAY_MS;
export const DEFAULT_LOCK_GRACE_PERIOD_DAYS = 60;

export const AUTOSAVE_MS = 100_000;
export const SEARCH_BUFFER_MS = 1000;
export const TOAST_MAX = 2;
export const NOTIFICATION_TOAST_MS = 5 * SECOND_MS;
export const IMPORTANT_ANNOUNCEMENT_LOCK_MS = 5 * SECOND_MS;
export const LIST_PAGE_SIZE = 10;
export const BADGE_CAP = 99;

export const PASSWORD_MIN_LENGTH = 12;
/** How many earlier passwords a new one may not repeat. */
export const PASSWORD_HISTORY_SIZE = 5;

export const RELATIVE_TIME_LIMIT_SECONDS = 3600;

/** Free accounts (decisions.md: daily free email credit and contact storage limit). */
export const FREE_DAILY_EMAIL_CREDITS = 300;
export const FREE_CONTACT_LIMIT = 1000;
export const FREE_STORAGE_BASELINE_MB = 50;

export const DIALOG_WIDTHS = { error: 480, newLogin: 640, checkoutCards: 800 } as const;
export const MENU_PANEL = { width: 400, height: 500 } as const;

/** Role ids (spec §3): the owner-level role ends 0000. */
export const ROLE_IDS = {
  owner: '00000000-0000-0000-0000-000000000000',
  collaborator: '00000000-0000-0000-0000-000000000001',
  dataUser: '00000000-0000-0000-0000-000000000002',
  campaignCreator: '00000000-0000-0000-0000-000000000003',
  analyst: '00000000-0000-0000-0000-000000000004',
} as const;
export type RoleKey = keyof typeof ROLE_IDS;

/** Rate limits (decisions.md): attempts per window. */
export const RATE_LIMITS = {
  /** Failed sign-ins from one source across all accounts; successful ones do not count. */
  loginFailuresPerIp: { max: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 20, windowSeconds: 60 * 60 },
  codePerAccount: { max: 10, windowSeconds: 60 * 60 },
  /** Template test sends per user: enough to iterate on a design, too few to spam. */
  templateTestSendPerUser: { max: 10, windowSeconds: 60 },
  /** Calls made with one API key: 5 a second on average, in bursts. */
  apiKeyRequests: { max: 300, windowSeconds: 60 },

  /** Password reset mails: per source, and per address asked for (whether or not it has an account). */
  passwordResetPerIp: { max: 10, windowSeconds: 60 * 60 },
  passwordResetPerEmail: { max: 3, windowSeconds: 60 * 60 },
} as const;

/**
 * Failed sign-ins to one account from one source (OWASP Authentication Cheat Sheet): a few pass
 * at once, then each waits twice as long as the last, so an attacker elsewhere never locks the
 * owner out. Failures are forgotten after a success or a quiet day.
 */
export const LOGIN_BACKOFF = { freeFailures: 5, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 24 * 60 * 60 } as const;

export const SUPPORT_HOURS = {
  timeZone: 'UTC+8',
  weekdays: ['09:00-13:00', '14:00-18:00'],
} as const;

/** Contacts, custom fields and groups (decisions.md: sizes chosen so a packed contact block stays far below 400 KB). */
export const CONTACT_LIMITS = {
  customFields: 50,
  fieldNameLength: 50,
  choicesPerField: 100,
  choiceLabelLength: 100,
  textValueLength: 255,
  /** A contact's stored form; 100 of them share one block item. */
  storedBytes: 3500,
  groups: 1000,
  groupNameLength: 100,
  groupsPerContactInput: 100,
  conditions: 20,
  bulkIds: 1000,
  selectionEntries: 50,
} as const;

/** Share of the free contact limit at which the owner is told (spec §9: 75% and 100%). */
export const CONTACT_LIMIT_NOTICES = [75, 100] as const;

/** Billing §9: the card list is read again this long after a card is added, changed or deleted (Stripe's webhook has moved plans by then). */
export const CARD_LIST_RELOAD_MS = 7 * SECOND_MS;

/**
 * Marks the messages between the web app and the local Stripe stand-in's card form and 3-D Secure
 * page (infra/local/stripe-stand-in-pages.ts, web/src/components/payments/stand-in-card.tsx).
 */
export const STRIPE_STAND_IN_MESSAGE_SOURCE = 'stripe-stand-in';
