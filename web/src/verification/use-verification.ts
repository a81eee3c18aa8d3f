/**
 * The one implementation of login-email verification (spec §2.6, §4, §8), shared by the
 * force-verify page and the verify dialog: modes, sending and resending with the 60 s countdown,
 * the new-address variant, and confirming the code into a fresh token.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SECOND_MS, VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import { normalizeEmail } from '../../../shared/domain/email.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TSendVerificationResponse } from '../../../shared/schemas/account.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { showError } from '../components/error-dialog.js';
import { notify } from '../components/toaster.js';
import { onSocketReconnected, useSocketEvent } from '../realtime/socket.js';
import { storeToken } from '../session/session.js';
import { retryAfterText } from '../errors/retry-after.js';
import { FORM_NAMESPACES, emailFieldError } from '../forms/account-field-rules.js';
import { lastSentFromRetryAfter, parseLastSendTime, resendSecondsLeft } from './resend-cooldown.js';
import { sendAccountVerification, sendChangeEmailVerification, verifyAccount, verifyChangedEmail } from './verification-api.js';

export type VerificationMode = 'main' | 'email' | 'verify';

/** The window event fired once the login email is verified (spec §4). */
export const VERIFIED_EVENT = 'verified';

/** Long enough to read the success toast before the page reloads with the verified session. */
const RELOAD_DELAY_MS = 1500;
const API_EMAIL_VALIDATION = 'VALIDATE_API-EMAIL-VALIDATION';
// The rule of ZVerificationCode, without pulling zod into the browser bundle.
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

export type BounceNotice = { message: string; details: string | null };

/** The server keeps one code and one cooldown per purpose: the login email, or a new address. */
type Purpose = 'login' | 'changeEmail';

type Options = {
  /** The current login email. */
  login: string;
  /** True on the force-verify page (forced activation or reverification), false in the dialog. */
  force: boolean;
  /** Called once the new token is stored and the verified event has fired (the dialog closes). */
  onVerified?: () => void;
};

function bounceOf(answer: TSendVerificationResponse): BounceNotice | null {
  return answer.verificationBounceMessage
    ? { message: answer.verificationBounceMessage, details: answer.verificationBounceDetails }
    : null;
}

/** Re-renders every second while the resend countdown runs. */
function useSecondsLeft(lastSentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = resendSecondsLeft(lastSentAt, now);
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), SECOND_MS / 4);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, now]);
  return secondsLeft;
}

export function useVerification({ login, force, onVerified }: Options) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const [mode, setMode] = useState<VerificationMode>('main');
  /** The new address being confirmed; null while verifying the current login email. */
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<Partial<Record<Purpose, number>>>({});
  const [pending, setPending] = useState<'send' | 'confirm' | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [bounce, setBounce] = useState<BounceNotice | null>(null);
  const [isVerified, setVerified] = useState(false);
  const secondsLeft = useSecondsLeft(sentAt[newEmail === null ? 'login' : 'changeEmail'] ?? null);

  // The code just sent bounced (the mail server's answer arrives after the send's).
  useSocketEvent('bounceReason', ({ data }) => setBounce({ message: data.message, details: data.detail || null }));

  function markSent(purpose: Purpose, at: number | null): void {
    if (at !== null) setSentAt((current) => ({ ...current, [purpose]: at }));
  }

  /** What the server knows of the last code to `target` (null: the login email): when it went out, and whether it bounced. */
  function askLastSend(target: string | null, signal?: AbortSignal): void {
    const purpose: Purpose = target === null ? 'login' : 'changeEmail';
    const question = target === null
      ? sendAccountVerification({ email: login, force, checkLastSendTimeOnly: true }, signal)
      : sendChangeEmailVerification({ email: target, force, checkLastSendTimeOnly: true }, signal);
    question.then(
      (answer) => {
        markSent(purpose, parseLastSendTime(answer.lastSendTime));
        setBounce(bounceOf(answer));
      },
      () => {
        // Only a hint for the countdown and the bounce notice: without it the page still works.
      },
    );
  }

  // Ask when the last code went out, so the countdown survives a reload (spec §4).
  useEffect(() => {
    const controller = new AbortController();
    askLastSend(null, controller.signal);
    return () => controller.abort();
  }, [login, force]);

  // A bounce reported while the socket was down is lost with it: ask again once it is back.
  useEffect(() => onSocketReconnected(() => askLastSend(newEmail)), [login, force, newEmail]);

  /** Sends a code; 'tooSoon' (OTH-UTL-C-030) means one is already on its way. */
  async function send(target: string | null): Promise<'sent' | 'tooSoon' | ApiError> {
    const purpose: Purpose = target === null ? 'login' : 'changeEmail';
    setPending('send');
    try {
      const answer = target
        ? await sendChangeEmailVerification({ email: target, force })
        : await sendAccountVerification({ email: login, force });
      markSent(purpose, Date.now());
      setBounce(bounceOf(answer));
      notify({ type: 'success', title: t('verify.sent'), description: t('verify.sentTo', { email: target ?? login }) });
      return 'sent';
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code !== ERROR_CODES.RESEND_TOO_SOON) return apiError;
      markSent(purpose, lastSentFromRetryAfter(apiError.retryAfter, Date.now()));
      return 'tooSoon';
    } finally {
      setPending(null);
    }
  }

  /** Main mode's Send Verification Code; inside the cooldown the code already sent is used. */
  async function sendCode(): Promise<void> {
    if (pending) return;
    if (secondsLeft > 0) {
      setMode('verify');
      return;
    }
    const result = await send(null);
    if (result === 'sent' || result === 'tooSoon') setMode('verify');
    else handleFailure(result);
  }

  /** Resend in verify mode; a refused resend (OTH-UTL-C-030) is ignored apart from the countdown. */
  async function resend(): Promise<void> {
    if (pending || secondsLeft > 0) return;
    setCodeError(null);
    const result = await send(newEmail);
    if (result !== 'sent' && result !== 'tooSoon') handleFailure(result);
  }

  function handleFailure(error: ApiError): void {
    // Verified meanwhile (another tab or device): the reload brings up the verified account.
    if (error.code === ERROR_CODES.ALREADY_VERIFIED) completeVerification(undefined);
    else showError(error);
  }

  function newEmailProblem(email: string): string | null {
    const invalid = emailFieldError(t, t('fields.newEmail'), email);
    if (invalid) return invalid;
    return normalizeEmail(email) === normalizeEmail(login) ? t('verify.newEmail.same') : null;
  }

  /** Lazy validation (spec §5): judged when the field is left with something typed. */
  function blurNewEmail(raw: string): void {
    if (raw.trim() !== '') setEmailError(newEmailProblem(raw));
  }

  /** Email mode: a new login address, trimmed; a code goes to it and verify mode follows. */
  async function submitNewEmail(raw: string): Promise<void> {
    if (pending) return;
    const email = raw.trim();
    const problem = newEmailProblem(email);
    setEmailError(problem);
    if (problem) return;

    const result = await send(email);
    // Spec §8: OTH-UTL-C-030 on a new address means its code is already out: go and enter it.
    if (result === 'sent' || result === 'tooSoon') {
      setNewEmail(email);
      setMode('verify');
    } else if (result.code === ERROR_CODES.EMAIL_ALREADY_USED) setEmailError(t('errors:OTH-UTL-C-024'));
    else if (result.code === API_EMAIL_VALIDATION) setEmailError(result.message || t(`errors:${API_EMAIL_VALIDATION}`));
    else if (result.code === ERROR_CODES.INVALID_INPUT) setEmailError(t('validation:email', { field: t('fields.newEmail') }));
    else showError(result);
  }

  function completeVerification(token: string | undefined): void {
    if (token) storeToken(token);
    window.dispatchEvent(new Event(VERIFIED_EVENT));
    setVerified(true);
    onVerified?.();
    notify({ type: 'success', title: t('verify.success'), description: t('verify.successDescription') });
    window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  }

  async function confirm(code: string): Promise<void> {
    if (pending || isVerified) return;
    const trimmed = code.trim();
    if (!CODE_PATTERN.test(trimmed)) return setCodeError(t('errors:STT-ACT-C-010'));
    setCodeError(null);
    setPending('confirm');
    try {
      const answer = newEmail
        ? await verifyChangedEmail({ email: newEmail, code: trimmed, force })
        : await verifyAccount({ code: trimmed, force });
      // Spec §8: an answer without a token is a refused code, like STT-ACT-C-010.
      if (answer.success && answer.token) completeVerification(answer.token);
      else setCodeError(t('errors:STT-ACT-C-010'));
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === ERROR_CODES.INVALID_VERIFICATION_CODE || apiError.code === ERROR_CODES.INVALID_INPUT) {
        setCodeError(t('errors:STT-ACT-C-010'));
      } else if (apiError.code === ERROR_CODES.RATE_LIMITED) setCodeError(retryAfterText(t, i18n.language, apiError.retryAfter));
      else handleFailure(apiError);
    } finally {
      setPending(null);
    }
  }

  function showMode(next: 'main' | 'email'): void {
    setEmailError(null);
    setCodeError(null);
    setNewEmail(null);
    setMode(next);
  }

  return {
    mode,
    /** Where the code goes: the new address in the change-email variant, else the login email. */
    email: newEmail ?? login,
    isChangingEmail: newEmail !== null,
    secondsLeft,
    isSending: pending === 'send',
    isConfirming: pending === 'confirm',
    emailError,
    codeError,
    bounce,
    sendCode,
    resend,
    submitNewEmail,
    blurNewEmail,
    confirm,
    /** 'Use My Original Email' and the way back from email mode. */
    backToMain: () => showMode('main'),
    useAnotherEmail: () => showMode('email'),
    clearEmailError: () => setEmailError(null),
    clearCodeError: () => setCodeError(null),
  };
}

export type Verification = ReturnType<typeof useVerification>;
