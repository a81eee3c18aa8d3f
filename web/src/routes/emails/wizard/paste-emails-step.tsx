/**
 * paste-emails (spec §2.1): addresses typed or pasted, one a line (commas and semicolons too), up to
 * CAMPAIGN_LIMITS.pastedAddresses; the save reports the invalid ones, which are kept but never sent to.
 */
import { chakra, Field, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_LIMITS } from '../../../../../shared/domain/campaigns.js';
import { useFormatters } from '../../../format/use-formatters.js';
import type { CampaignDraft } from './use-campaign-draft.js';

function addressesIn(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

export function PasteEmailsStep({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  // The box keeps the user's own layout; the command keeps the addresses.
  const [text, setText] = useState(() => (draft.command.pastedEmails ?? []).join('\n'));
  const addresses = addressesIn(text);
  const isOver = addresses.length > CAMPAIGN_LIMITS.pastedAddresses;
  return (
    <Stack gap="4" data-testid="paste-emails-step">
      <Field.Root invalid={isOver} readOnly={draft.readOnly}>
        <Field.Label>{t('paste.label')}</Field.Label>
        {/* A plain textarea: the theme carries no textarea recipe (it is shared with the initial bundle). */}
        <chakra.textarea
          value={text}
          rows={12}
          w="full"
          p="3"
          borderWidth="1px"
          rounded="l2"
          bg="bg"
          fontFamily="mono"
          fontSize="sm"
          readOnly={draft.readOnly}
          spellCheck={false}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '0' }}
          _placeholder={{ color: 'fg.subtle' }}
          placeholder={t('paste.placeholder')}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            const found = addressesIn(next);
            if (found.length <= CAMPAIGN_LIMITS.pastedAddresses) draft.update({ pastedEmails: found });
          }}
          data-testid="pasted-emails"
        />
        {isOver ? (
          <Field.ErrorText>{t('paste.tooMany', { max: number(CAMPAIGN_LIMITS.pastedAddresses) })}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('paste.count', { count: addresses.length, n: number(addresses.length) })}</Field.HelperText>
        )}
      </Field.Root>
      {draft.invalidEmails.length > 0 && (
        <Text color="fg.error" fontSize="sm" data-testid="invalid-emails">
          {t('paste.invalid', { count: draft.invalidEmails.length, list: draft.invalidEmails.slice(0, 20).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
