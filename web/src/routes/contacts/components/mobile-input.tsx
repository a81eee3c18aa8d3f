/**
 * The mobile number: a country for numbers typed nationally, the number, and how it will be
 * saved (E.164, shown internationally). Leaving the box writes a valid number that way and picks
 * its country, so what the user sees is what is stored.
 */
import { useMemo } from 'react';
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { countryOfMobile, formatMobile } from '../../../../../shared/domain/phone.js';
import { normalizedMobileOf } from '../contact-form-model.js';
import { phoneCountries } from '../../../components/phone-countries.js';

type Props = {
  mobile: string;
  country: string;
  error?: string;
  onChange(change: { mobile?: string; mobileCountry?: string }): void;
  onBlur(): void;
};

export function MobileInput({ mobile, country, error, onChange, onBlur }: Props) {
  const { t, i18n } = useTranslation('contacts');
  const countries = useMemo(() => phoneCountries(i18n.language), [i18n.language]);
  const normalized = mobile.trim() ? normalizedMobileOf({ mobile, mobileCountry: country }) : null;

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor="contact-mobile">{t('form.mobile')}</Field.Label>
      <HStack gap="2" w="full" align="start">
        <NativeSelect.Root w={{ base: '36', md: '52' }} flexShrink="0">
          <NativeSelect.Field
            value={country}
            onChange={(event) => onChange({ mobileCountry: event.currentTarget.value })}
            aria-label={t('form.mobileCountry')}
            data-testid="contact-mobile-country"
          >
            {countries.map((item) => (
              <option key={item.code} value={item.code}>
                {`${item.name} (+${item.callingCode})`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          id="contact-mobile"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          maxLength={32}
          value={mobile}
          placeholder={t('form.mobilePlaceholder')}
          onChange={(event) => onChange({ mobile: event.target.value })}
          onBlur={() => {
            if (normalized) onChange({ mobile: formatMobile(normalized), mobileCountry: countryOfMobile(normalized) ?? country });
            onBlur();
          }}
          data-testid="contact-mobile"
        />
      </HStack>
      {error ? (
        <Field.ErrorText data-testid="contact-mobile-error">{error}</Field.ErrorText>
      ) : (
        <Field.HelperText data-testid="contact-mobile-hint">{normalized ? t('form.mobileSavedAs', { number: formatMobile(normalized) }) : t('form.mobileHint')}</Field.HelperText>
      )}
    </Field.Root>
  );
}
