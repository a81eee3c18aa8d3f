/** Email mode: a new login address; sending is disabled while the field is empty (spec §5). */
import { useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Verification } from '../use-verification.js';

export function NewEmailForm({ verification }: { verification: Verification }) {
  const { t } = useTranslation('auth');
  const { isSending, emailError, submitNewEmail, blurNewEmail, backToMain, clearEmailError } = verification;
  const [email, setEmail] = useState('');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submitNewEmail(email);
      }}
    >
      <Stack gap="5">
        <Text color="fg.muted">{t('verify.newEmail.intro')}</Text>
        <Field.Root invalid={Boolean(emailError)}>
          <Field.Label>{t('fields.newEmail')}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            placeholder={t('fields.emailPlaceholder')}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clearEmailError();
            }}
            onBlur={() => blurNewEmail(email)}
            data-testid="new-email"
          />
          <Field.ErrorText data-testid="new-email-error">{emailError}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" disabled={email.trim() === ''} loading={isSending}>
          {t('verify.sendCode')}
        </Button>
        <HStack>
          <Button variant="plain" size="sm" px="0" color="fg.muted" onClick={backToMain}>
            {t('verify.useOriginalEmail')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
