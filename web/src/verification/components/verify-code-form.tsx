/**
 * Verify mode: the 6-digit code, Confirm, Resend with its countdown, and the way back to main.
 * One numeric field rather than six boxes: paste, the browser's one-time-code autofill and screen
 * readers all see a single labelled input.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_TTL_MS, MINUTE_MS } from '../../../../shared/constants.js';
import type { Verification } from '../use-verification.js';

export function VerifyCodeForm({ verification }: { verification: Verification }) {
  const { t } = useTranslation('auth');
  const { email, isChangingEmail, secondsLeft, isSending, isConfirming, codeError, confirm, resend, backToMain, clearCodeError } =
    verification;
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const isComplete = code.length === VERIFICATION_CODE_LENGTH;

  // After a refused code, select it so the next attempt simply types over it.
  useEffect(() => {
    if (codeError) inputRef.current?.select();
  }, [codeError]);

  function change(raw: string): void {
    const digits = raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
    setCode(digits);
    clearCodeError();
    // A complete code (typed or pasted) confirms itself; the button stays for the explicit path.
    if (digits.length === VERIFICATION_CODE_LENGTH && digits !== code) void confirm(digits);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isComplete) void confirm(code);
      }}
    >
      <Stack gap="5">
        <Text>
          <Trans t={t} i18nKey="verify.code.intro" values={{ email }} components={{ strong: <Text as="strong" fontWeight="semibold" /> }} />
        </Text>

        <Field.Root invalid={Boolean(codeError)}>
          <Field.Label>{t('fields.code')}</Field.Label>
          <Input
            ref={inputRef}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={VERIFICATION_CODE_LENGTH}
            autoFocus
            size="xl"
            textAlign="center"
            fontFamily="mono"
            fontSize="2xl"
            letterSpacing="0.5em"
            // Balances the spacing after the last digit, so the code sits truly centred.
            textIndent="0.5em"
            placeholder={'•'.repeat(VERIFICATION_CODE_LENGTH)}
            value={code}
            onChange={(event) => change(event.target.value)}
            data-testid="verification-code"
          />
          {/* The error takes the hint's line, so a refused code does not push the buttons down. */}
          {codeError ? (
            <Field.ErrorText data-testid="verification-code-error">{codeError}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('verify.code.hint', { minutes: VERIFICATION_CODE_TTL_MS / MINUTE_MS })}</Field.HelperText>
          )}
        </Field.Root>

        <Button type="submit" colorPalette="brand" size="lg" disabled={!isComplete} loading={isConfirming} loadingText={t('verify.confirming')}>
          {t('verify.confirm')}
        </Button>

        <HStack justify="space-between" wrap="wrap" gap="2">
          <Button variant="plain" size="sm" px="0" color="fg.muted" onClick={backToMain}>
            {isChangingEmail ? t('verify.useOriginalEmail') : t('verify.back')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            colorPalette="brand"
            onClick={() => void resend()}
            disabled={secondsLeft > 0}
            loading={isSending}
            // Tabular digits keep the button from shifting width as the countdown runs.
            fontVariantNumeric="tabular-nums"
            data-testid="resend-code"
          >
            {secondsLeft > 0 ? t('verify.resendIn', { seconds: secondsLeft }) : t('verify.resend')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
