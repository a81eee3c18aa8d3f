/**
 * The one error type of the product (spec §8). The body of every failed API call is
 * `{ statusCode, message, lockedBy?, numOfRecentlyUsed? }`, where `statusCode` is the catalogue
 * code (not the HTTP status) that the client translates. Codes are also i18n keys under `errors.`.
 */
export const ERROR_CODES = {
  /** Generic failure; the client wrapper's default code. */
  GENERIC: 'OTH-X-001',
  /** A cancelled request (client side only). */
  CANCELLED: 'OTH-X-CANCELLED',
  /** The token refresh failed (client side only). */
  TOKEN_REFRESH_FAILED: 'DEFAULT',
  /** No route at that method and path. */
  ROUTE_NOT_FOUND: 'OTH-X-404',
  /** The body is not JSON or is larger than allowed. */
  MALFORMED_REQUEST: 'VALIDATE_MALFORMED_REQUEST',
  /** The body, query or path failed its schema; `message` names the fields. */
  INVALID_INPUT: 'VALIDATE_INVALID_INPUT',
  /** Missing, expired or forged token, or an ended session. */
  UNAUTHENTICATED: 'AUTH-TOKEN-01',
  /** The caller's role lacks the section flag the route needs. */
  NO_PERMISSION: 'VALIDATE_NO_PERMISSION',
  /** Too many attempts in a window (login, code sending). */
  RATE_LIMITED: 'OTH-RATE-01',
  /** Wrong email or password at login, or a wrong current password. */
  INCORRECT_PASSWORD: 'OTH-UTL-C-014',
  /** Login email already used (sign-up). */
  EMAIL_USED: 'ERROR_EMAIL_USED',
  /** New login email already used (change-email). */
  EMAIL_ALREADY_USED: 'OTH-UTL-C-024',
  /** A verification code was sent less than the cooldown ago. */
  RESEND_TOO_SOON: 'OTH-UTL-C-030',
  /** The verification code is wrong or expired. */
  INVALID_VERIFICATION_CODE: 'STT-ACT-C-010',
  /** The login email is already verified. */
  ALREADY_VERIFIED: 'VALIDATE_ALREADY_VERIFIED',
  /** The login email is unverified and the action needs a verified one. */
  UNVERIFIED: 'VALIDATE_UNVERIFIED',
  /** Password rule failures (spec §5). */
  PASSWORD_TOO_SHORT: 'VALIDATE_PASSWORD-TOO-SHORT',
  PASSWORD_MISSING_CHARACTERS: 'VALIDATE_PASSWORD-MISSING-CHARACTERS',
  PASSWORD_RECENTLY_USED: 'VALIDATE_PASSWORD-RECENTLY-USED',
  /** Invalid phone number. */
  INVALID_PHONE: 'OTH-UTL-R-027',
  /** The record was removed or never existed (also for other tenants' records). */
  RECORD_NOT_FOUND: 'VAL-REC-01',
  /** Access to the record was lost. */
  LOST_ACCESS: 'VAL-ACC-01',
  /** The user does not exist. */
  USER_NOT_FOUND: 'VAL-USR-02',
  /** The account is locked by the provider or a team admin. */
  ACCOUNT_LOCKED: 'VALIDATE_ACCOUNT_LOCKED',
  /** The token demands a password change before anything else. */
  PASSWORD_CHANGE_REQUIRED: 'VALIDATE_PASSWORD-CHANGE-REQUIRED',
  /** The action is only for provider support staff. */
  ADMIN_ONLY: 'VALIDATE_ADMIN_ONLY',
  /** Another contact of the account already has this email. */
  CONTACT_EMAIL_EXISTS: 'ERROR_CONTACT_EMAIL_EXISTS',
  /** Another contact of the account already has this mobile number. */
  CONTACT_MOBILE_EXISTS: 'ERROR_CONTACT_MOBILE_EXISTS',
  /** A contact needs an email or a mobile number. */
  CONTACT_NO_ADDRESS: 'VALIDATE_CONTACT_NO_ADDRESS',
  /** The contact's values together exceed what one contact may store. */
  CONTACT_TOO_LARGE: 'VALIDATE_CONTACT_TOO_LARGE',
  /** A free account reached its contact storage limit (spec §5, §9). */
  CONTACT_LIMIT: 'VALIDATE_CONTACT_LIMIT',
  /** A name is already used by another record of the same kind (groups). */
  RECORD_NAME_EXISTS: 'ERROR_RECORD_NAME_EXISTS',
  /** 'This field name is already in use' (spec §5). */
  FIELD_NAME_USED: 'VALIDATE_FIELD_NAME_USED',
  /** 'Must be a number.' (spec §5). */
  NOT_A_NUMBER: 'VALIDATE_NOT_A_NUMBER',
  /** 'There are no choices for this field yet.' (spec §5). */
  NO_CHOICES: 'VALIDATE_NO_CHOICES',
  /** A value is not one of the field's choices. */
  INVALID_CHOICE: 'VALIDATE_INVALID_CHOICE',
  /** A date value is not a calendar date (YYYY-MM-DD). */
  INVALID_DATE: 'VALIDATE_INVALID_DATE',
  /** A value or condition names a field the account's contacts do not have. */
  UNKNOWN_FIELD: 'VALIDATE_UNKNOWN_FIELD',
  /** A condition's operator does not fit its field, or its value is missing or of the wrong kind. */
  INVALID_CONDITION: 'VALIDATE_INVALID_CONDITION',
  /** System lists and auto-update groups have no hand-edited members. */
  GROUP_NOT_EDITABLE: 'VALIDATE_GROUP_NOT_EDITABLE',
  /** An import file's characters are wrongly encoded (spec §8). */
  IMPORT_BAD_ENCODING: 'IMPORT-UPLOAD-C-001',
  /** An import file cannot be opened: is it password protected? (spec §8). */
  IMPORT_UNREADABLE: 'IMPORT-UPLOAD-C-002',
  /** A field or group cannot be deleted while auto-update groups' conditions refer to it. */
  IN_USE: 'VALIDATE_IN_USE',
  /** The account has as many custom fields or groups as it may. */
  LIMIT_REACHED: 'VALIDATE_LIMIT_REACHED',
  /** 'Template name already used' (spec §8): names are unique per account, any case. */
  TEMPLATE_NAME_USED: 'TPL-SAV-01',
  /** 'Template does not exist' (spec §8); also another account's template. */
  TEMPLATE_NOT_FOUND: 'VAL-TPL-01',
  /** A campaign or template another user is editing (spec §4 "Edit locking"); `lockedBy` names the editor. */
  BEING_MODIFIED: 'VALIDATE_BEING_MODIFIED',
  /** A save without the caller's own live edit lock (never taken, released, or lapsed). */
  EDIT_LOCK_REQUIRED: 'VALIDATE_EDIT_LOCK_REQUIRED',
  /** A template's content is over its size cap (shared/domain/templates.ts). */
  TEMPLATE_TOO_LARGE: 'VALIDATE_TEMPLATE_TOO_LARGE',
  /** 'Already shared with this user' (spec §8): a pending or accepted share or copy exists. */
  TEMPLATE_ALREADY_SHARED: 'TPL-SHR-01',
  /** A template share or copy to a free user or to oneself (spec §5, §6, §8). */
  TEMPLATE_SHARE_RECEIVER: 'VALIDATE_TEMPLATE_SHARE_RECEIVER',
  /** An upload would take the account's content storage over its quota (file manager). */
  STORAGE_LIMIT: 'VALIDATE_STORAGE_LIMIT',
  /** A file the file manager does not host: not of a hosted type, not what its type claims, or over the size cap. */
  FILE_REJECTED: 'VALIDATE_FILE',
  /** A folder with content cannot be deleted. */
  FOLDER_NOT_EMPTY: 'VALIDATE_FOLDER_NOT_EMPTY',
  /** The campaign's state does not allow the action (sending a sent campaign, pausing a draft). */
  CAMPAIGN_STATE: 'VALIDATE_CAMPAIGN_STATE',
  /** A send needs parts the campaign lacks (recipients, subject, sender, message); `message` lists them. */
  CAMPAIGN_INCOMPLETE: 'VALIDATE_CAMPAIGN_INCOMPLETE',
  /** The user's sends need an approver's approval (spec §4 "Approval"): request it instead. */
  APPROVAL_REQUIRED: 'VALIDATE_APPROVAL_REQUIRED',
  /** A schedule in the past, too soon, too far ahead, or a recurring rule without occurrences. */
  SCHEDULE_TIME: 'VALIDATE_SCHEDULE_TIME',
  /** The sender address is not a verified identity of the account ('email identity unverified as default sender', spec §8). */
  SENDER_UNVERIFIED: 'VALIDATE_SENDER_UNVERIFIED',
  /** Billing §8's code on the recipient email field: the address already gets the receipts (another recipient, or the login email). */
  RECIPIENT_EMAIL_USED: 'STT-NOT-C-009',
  /** 'The country calling code is already on the allowed list' (spec §8). */
  CALLING_CODE_ALLOWED: 'STT-SMS-01',
  /** A password reset link that was used, has expired, or never existed. */
  RESET_LINK_INVALID: 'VALIDATE_RESET-LINK-INVALID',
  /** 'Free or public domains cannot be used; use your own domain' (spec §8): a sender at gmail.com, yahoo.com and the like. */
  FREE_MAIL_DOMAIN: 'EA-V-011',
  /** 'An issue was found on the domain; use another' (spec §8 EA-V-012): SES refuses it, or another account holds it. */
  SENDER_DOMAIN_PROBLEM: 'EA-V-012',
  /** MMS needs a phone number or pool that can send it, and this platform's deployment names none. */
  MMS_NOT_SET_UP: 'VALIDATE_MMS_NOT_SET_UP',
  /** Pay Now with an empty cart (billing §5). */
  CART_EMPTY: 'VALIDATE_CART_EMPTY',
  /** The cart's currency, cycle or prices are not what the buyer saw: review and pay again. */
  CART_CHANGED: 'VALIDATE_CART_CHANGED',
  /** Another Pay Now of the account is being processed. */
  PAYMENT_IN_FLIGHT: 'VALIDATE_PAYMENT_IN_FLIGHT',
  /** The card pays for auto-renewing plans (billing §4: it cannot be deleted). */
  CARD_IN_USE: 'VALIDATE_CARD_IN_USE',
  /** The user may not buy plans (billing §6 canBuyPlan). */
  CANNOT_BUY_PLAN: 'VALIDATE_CANNOT_BUY_PLAN',
  /** Stripe's card error codes (billing §8), passed through so the client translates them. */
  CARD_DECLINED: 'card_declined',
  GENERIC_DECLINE: 'generic_decline',
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  EXPIRED_CARD: 'expired_card',
  INCORRECT_CVC: 'incorrect_cvc',
  INCORRECT_NUMBER: 'incorrect_number',
  PROCESSING_ERROR: 'processing_error',
  AUTHENTICATION_REQUIRED: 'authentication_required',
  LOST_CARD: 'lost_card',
  STOLEN_CARD: 'stolen_card',
  FRAUDULENT: 'fraudulent',
  PAYMENT_AUTHENTICATION_FAILED: 'payment_intent_authentication_failure',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** HTTP status of each code; anything not listed answers 400. */
const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  'OTH-X-001': 500,
  'OTH-X-404': 404,
  'VALIDATE_MALFORMED_REQUEST': 400,
  'AUTH-TOKEN-01': 401,
  'VALIDATE_NO_PERMISSION': 403,
  'VALIDATE_ADMIN_ONLY': 403,
  'VALIDATE_PASSWORD-CHANGE-REQUIRED': 403,
  'VALIDATE_ACCOUNT_LOCKED': 403,
  'OTH-RATE-01': 429,
  'ERROR_EMAIL_USED': 409,
  'OTH-UTL-C-024': 409,
  'OTH-UTL-C-030': 429,
  'VAL-REC-01': 404,
  'VAL-USR-02': 404,
  'VAL-ACC-01': 403,
  'ERROR_CONTACT_EMAIL_EXISTS': 409,
  'ERROR_CONTACT_MOBILE_EXISTS': 409,
  'VALIDATE_CONTACT_LIMIT': 403,
  'ERROR_RECORD_NAME_EXISTS': 409,
  'VALIDATE_FIELD_NAME_USED': 409,
  'VALIDATE_GROUP_NOT_EDITABLE': 409,
  'VALIDATE_LIMIT_REACHED': 409,
  'VALIDATE_IN_USE': 409,
  'TPL-SAV-01': 409,
  'VAL-TPL-01': 404,
  'VALIDATE_BEING_MODIFIED': 409,
  'VALIDATE_EDIT_LOCK_REQUIRED': 409,
  'VALIDATE_TEMPLATE_TOO_LARGE': 413,
  'TPL-SHR-01': 409,
  'VALIDATE_STORAGE_LIMIT': 403,
  'VALIDATE_FOLDER_NOT_EMPTY': 409,
  'VALIDATE_CAMPAIGN_STATE': 409,
  'VALIDATE_APPROVAL_REQUIRED': 409,
  'STT-SMS-01': 409,
  'VALIDATE_PAYMENT_IN_FLIGHT': 409,
  'VALIDATE_CARD_IN_USE': 409,
  'VALIDATE_CART_CHANGED': 409,
  'VALIDATE_CANNOT_BUY_PLAN': 403,
  card_declined: 402,
  generic_decline: 402,
  insufficient_funds: 402,
  expired_card: 402,
  incorrect_cvc: 402,
  incorrect_number: 402,
  processing_error: 402,
  authentication_required: 402,
  lost_card: 402,
  stolen_card: 402,
  fraudulent: 402,
  payment_intent_authentication_failure: 402,
  'STT-NOT-C-009': 409,
};

const CARD_CODES: ReadonlySet<string> = new Set<string>([
  ERROR_CODES.CARD_DECLINED,
  ERROR_CODES.GENERIC_DECLINE,
  ERROR_CODES.INSUFFICIENT_FUNDS,
  ERROR_CODES.EXPIRED_CARD,
  ERROR_CODES.INCORRECT_CVC,
  ERROR_CODES.INCORRECT_NUMBER,
  ERROR_CODES.PROCESSING_ERROR,
  ERROR_CODES.AUTHENTICATION_REQUIRED,
  ERROR_CODES.LOST_CARD,
  ERROR_CODES.STOLEN_CARD,
  ERROR_CODES.FRAUDULENT,
  ERROR_CODES.PAYMENT_AUTHENTICATION_FAILED,
]);

/** Billing §8: a card_declined answer is shown by its decline code when that is one the client words; any other code falls back to card_declined. */
export function cardErrorCode(code: string, declineCode: string | null): ErrorCode {
  if (code === ERROR_CODES.CARD_DECLINED && declineCode && CARD_CODES.has(declineCode)) return declineCode as ErrorCode;
  return CARD_CODES.has(code) ? (code as ErrorCode) : ERROR_CODES.CARD_DECLINED;
}

export function httpStatusOf(code: string): number {
  return HTTP_STATUS[code as ErrorCode] ?? 400;
}

/** The wire shape of an error answer (spec §8). */
export type ErrorBody = {
  statusCode: string;
  message: string;
  lockedBy?: string;
  numOfRecentlyUsed?: number;
  /** Seconds until the action may be retried (rate limits, resend cooldown). */
  retryAfter?: number;
  /** The card provider's own words for a failed payment (billing §8). */
  stripeMessage?: string;
};

/** An error that is already an HTTP answer: handlers throw it, one middleware renders it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Omit<ErrorBody, 'statusCode' | 'message'>;

  constructor(code: ErrorCode, message?: string, details: Omit<ErrorBody, 'statusCode' | 'message'> = {}) {
    super(message ?? code);
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return httpStatusOf(this.code);
  }

  toBody(): ErrorBody {
    return { statusCode: this.code, message: this.message, ...this.details };
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).statusCode === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
