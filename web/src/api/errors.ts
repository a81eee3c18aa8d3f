/** The client's one error type: every failed call, timeout or cancellation becomes an ApiError. */
import { ERROR_CODES, isErrorBody } from '../../../shared/errors.js';

/** Client-side codes that have no server counterpart. */
export const CLIENT_ERROR_CODES = {
  /** The request took longer than its timeout. */
  TIMEOUT: 'OTH-X-TIMEOUT',
  /** The browser could not reach the server. */
  NETWORK: 'OTH-X-NETWORK',
} as const;

export class ApiError extends Error {
  code: string;
  httpStatus: number;
  cancelled: boolean;
  lockedBy?: string;
  numOfRecentlyUsed?: number;
  retryAfter?: number;
  /** The card provider's own words for a failed payment (billing §8). */
  stripeMessage?: string;

  constructor(options: {
    code?: string;
    message?: string;
    httpStatus?: number;
    cancelled?: boolean;
    lockedBy?: string;
    numOfRecentlyUsed?: number;
    retryAfter?: number;
    stripeMessage?: string;
  }) {
    super(options.message ?? '');
    this.name = 'ApiError';
    this.code = options.code ?? ERROR_CODES.GENERIC;
    this.httpStatus = options.httpStatus ?? 0;
    this.cancelled = options.cancelled ?? false;
    if (options.lockedBy !== undefined) this.lockedBy = options.lockedBy;
    if (options.numOfRecentlyUsed !== undefined) this.numOfRecentlyUsed = options.numOfRecentlyUsed;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.stripeMessage !== undefined) this.stripeMessage = options.stripeMessage;
  }
}

/** fetch rejects an aborted request with a DOMException (an Error) named AbortError. */
function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Normalises anything thrown into an ApiError (default code OTH-X-001). */
export function toApiError(error: unknown, httpStatus = 0): ApiError {
  if (error instanceof ApiError) return error;
  if (isAbortError(error)) return new ApiError({ code: ERROR_CODES.CANCELLED, cancelled: true });
  if (isErrorBody(error)) {
    return new ApiError({
      code: error.statusCode,
      message: error.message,
      httpStatus,
      lockedBy: error.lockedBy,
      numOfRecentlyUsed: error.numOfRecentlyUsed,
      retryAfter: error.retryAfter,
      stripeMessage: error.stripeMessage,
    });
  }
  if (error instanceof Error) return new ApiError({ message: error.message, httpStatus });
  return new ApiError({ httpStatus });
}
