/**
 * The country calling codes SMS campaigns may send to: each with its countries' names in the UI
 * language; add one by choosing a country or typing +code (STT-SMS-01 when already listed), remove one.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Field, Flex, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { countriesOfCallingCode, normalizeCallingCode } from '../../../../../../shared/domain/calling-codes.js';
import { addCallingCode, removeCallingCode, useAllowedCallingCodes } from '../../../../api/sms-settings.js';
import { showError } from '../../../../components/error-dialog.js';
import { GlobeIcon, TrashIcon } from '../../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../../components/list-states.js';
import { phoneCountries } from '../../../../components/phone-countries.js';
import { SettingsCard } from '../../../../components/settings-card.js';

/** Names shown per code before "+N more" (+1 is shared by 25 countries). */
const NAMES_SHOWN = 3;

export function CallingCodesSection({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation('sms-settings');
  const { callingCodes, error, isLoading, refetch } = useAllowedCallingCodes();
  const names = useMemo(() => new Map(phoneCountries(i18n.language).map((country) => [country.code, country.name])), [i18n.language]);
  const [removing, setRemoving] = useState<string | null>(null);

  const countryNames = (code: string) => {
    const countries = countriesOfCallingCode(code).map((country) => names.get(country) ?? country);
    const shown = countries.slice(0, NAMES_SHOWN).join(', ');
    return countries.length > NAMES_SHOWN ? t('countries.more', { names: shown, count: countries.length - NAMES_SHOWN }) : shown;
  };

  const remove = async (code: string) => {
    setRemoving(code);
    try {
      await removeCallingCode(code);
    } catch (failure) {
      showError(failure, { entity: 'setting' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <SettingsCard title={t('countries.title')} description={t('countries.description')} testId="calling-codes-section">
      {canWrite && <AddCallingCode />}
      {isLoading && !callingCodes ? (
        <ListSkeleton rows={2} />
      ) : error && !callingCodes ? (
        <ListError title={t('countries.loadFailed')} onRetry={() => void refetch()} testId="calling-codes-error" />
      ) : !callingCodes || callingCodes.length === 0 ? (
        <ListMessage icon={GlobeIcon} title={t('countries.empty')} text={t('countries.emptyText')} testId="calling-codes-empty" />
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" data-testid="calling-code-list">
          {callingCodes.map((code) => (
            <Flex as="li" key={code} align="center" gap="3" px={{ base: '4', md: '5' }} py="3" borderTopWidth="1px" data-testid="calling-code-row" data-code={code}>
              <Badge variant="outline" fontFamily="mono" minW="14" justifyContent="center">
                +{code}
              </Badge>
              <Text flex="1" fontSize="sm">
                {countryNames(code)}
              </Text>
              {canWrite && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('countries.remove', { code })}
                  loading={removing === code}
                  onClick={() => void remove(code)}
                  data-testid="calling-code-remove"
                >
                  <TrashIcon boxSize="4" />
                </IconButton>
              )}
            </Flex>
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}

/** Choosing a country fills in its code; typing a code works as well. */
function AddCallingCode() {
  const { t, i18n } = useTranslation('sms-settings');
  const countries = useMemo(() => phoneCountries(i18n.language), [i18n.language]);
  const [country, setCountry] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const normalized = normalizeCallingCode(code);
    setInvalid(normalized === null);
    if (normalized === null) return;
    setBusy(true);
    try {
      await addCallingCode(normalized);
      setCode('');
      setCountry('');
    } catch (failure) {
      // STT-SMS-01 (already on the list) opens the error dialog with the spec's text and code.
      showError(failure, { entity: 'setting' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <HStack gap="3" align="start" wrap="wrap" px={{ base: '4', md: '5' }} py="4">
        <NativeSelect.Root w={{ base: 'full', sm: '64' }}>
          <NativeSelect.Field
            value={country}
            aria-label={t('countries.country')}
            onChange={(event) => {
              const chosen = countries.find((item) => item.code === event.currentTarget.value);
              setCountry(event.currentTarget.value);
              if (chosen) setCode(`+${chosen.callingCode}`);
              setInvalid(false);
            }}
            data-testid="calling-code-country"
          >
            <option value="">{t('countries.choose')}</option>
            {countries.map((item) => (
              <option key={item.code} value={item.code}>
                {`${item.name} (+${item.callingCode})`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.Root invalid={invalid} w="32">
          <Input
            value={code}
            inputMode="tel"
            maxLength={6}
            placeholder="+852"
            aria-label={t('countries.code')}
            onChange={(event) => {
              setCode(event.target.value);
              setCountry('');
              setInvalid(false);
            }}
            data-testid="calling-code-input"
          />
          {invalid && <Field.ErrorText data-testid="calling-code-invalid">{t('countries.invalid')}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" variant="outline" loading={busy} disabled={code.trim() === ''} data-testid="calling-code-add">
          {t('countries.add')}
        </Button>
      </HStack>
    </form>
  );
}
