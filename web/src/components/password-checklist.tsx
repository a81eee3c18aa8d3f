/** The live checklist under a new-password field: one line per rule of shared/domain/password.ts. */
import { HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants.js';
import { passwordChecklist } from '../../../shared/domain/password.js';
import { CheckCircleIcon, CircleIcon } from './icons.js';

type Rule = keyof ReturnType<typeof passwordChecklist>;
const RULES: readonly Rule[] = ['length', 'uppercase', 'lowercase', 'digit'];

export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const met = passwordChecklist(password);

  return (
    <Stack as="ul" gap="1" mt="1" listStyleType="none" fontSize="sm" data-testid="password-checklist">
      {RULES.map((rule) => (
        <HStack
          as="li"
          key={rule}
          gap="2"
          data-rule={rule}
          data-met={met[rule]}
          color={met[rule] ? 'fg.success' : 'fg.muted'}
          transition="color 0.15s"
        >
          {met[rule] ? <CheckCircleIcon boxSize="4" flexShrink={0} /> : <CircleIcon boxSize="4" flexShrink={0} />}
          <Text>{t(`password.rule.${rule}`, { min: PASSWORD_MIN_LENGTH })}</Text>
          <VisuallyHidden>{met[rule] ? t('password.ruleMet') : t('password.ruleUnmet')}</VisuallyHidden>
        </HStack>
      ))}
    </Stack>
  );
}
