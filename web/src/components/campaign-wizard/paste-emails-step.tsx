/**
 * paste-emails and paste-numbers (spec §2.1): recipients typed or pasted, up to
 * CAMPAIGN_LIMITS.pastedAddresses; the save reports the invalid ones, which are kept but never sent
 * to. One box for both families: each says how its entries are separated and which are invalid.
 */
import { chakra, Field, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_LIMITS } from '../../../../shared/domain/campaign-fields.js';
import { useFormatters } from '../../format/use-formatters.js';
import type { CampaignDraft } from './use-campaign-draft.js';

/** Addresses are separated by spaces, commas or semicolons, one a line too. */
function addressesIn(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

export function PasteEmailsStep({ draft }: { draft: CampaignDraft }) {
  return (
    <PastedEntriesStep
      entries={draft.command.pastedEmails ?? []}
      entriesIn={addressesIn}
      readOnly={draft.readOnly}
      onChange={(pastedEmails) => draft.update({ pastedEmails })}
      invalid={draft.invalidEntries}
      texts="paste"
      testIds={{ step: 'paste-emails-step', box: 'pasted-emails', invalid: 'invalid-emails' }}
    />
  );
}

type PastedEntriesProps = {
  /** What the command holds. */
  entries: readonly string[];
  /** The entries of what is in the box. */
  entriesIn(text: string): string[];
  readOnly: boolean;
  onChange(entries: string[]): void;
  /** Entries known to be invalid (the last save's answer, or the family's own check). */
  invalid: readonly string[];
  /** The i18n key prefix of the family's texts: label, placeholder, count, tooMany, invalid. */
  texts: string;
  testIds: { step: string; box: string; invalid: string };
};

export function PastedEntriesStep({ entries, entriesIn, readOnly, onChange, invalid, texts, testIds }: PastedEntriesProps) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  // The box keeps the user's own layout; the command keeps the entries.
  const [text, setText] = useState(() => entries.join('\n'));
  const found = entriesIn(text);
  const isOver = found.length > CAMPAIGN_LIMITS.pastedAddresses;
  return (
    <Stack gap="4" data-testid={testIds.step}>
      <Field.Root invalid={isOver} readOnly={readOnly}>
        <Field.Label>{t(`${texts}.label`)}</Field.Label>
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
          readOnly={readOnly}
          spellCheck={false}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '0' }}
          _placeholder={{ color: 'fg.subtle' }}
          placeholder={t(`${texts}.placeholder`)}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            const typed = entriesIn(next);
            if (typed.length <= CAMPAIGN_LIMITS.pastedAddresses) onChange(typed);
          }}
          data-testid={testIds.box}
        />
        {isOver ? (
          <Field.ErrorText>{t(`${texts}.tooMany`, { max: number(CAMPAIGN_LIMITS.pastedAddresses) })}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t(`${texts}.count`, { count: found.length, n: number(found.length) })}</Field.HelperText>
        )}
      </Field.Root>
      {invalid.length > 0 && (
        <Text color="fg.error" fontSize="sm" data-testid={testIds.invalid}>
          {t(`${texts}.invalid`, { count: invalid.length, list: invalid.slice(0, 20).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
