/** Profile: full name, time zone (a searchable list), UI language and the campaign footer switch. */
import { useEffect, useId, useState } from 'react';
import { Box, Button, Flex, Input, NativeSelect, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../../../shared/constants.js';
import { isTimeZone } from '../../../../../../shared/domain/time-zone.js';
import type { TAccountProfile } from '../../../../../../shared/schemas/account.js';
import { saveAccountProfile, useAccountProfile } from '../../../../api/account.js';
import { toApiError } from '../../../../api/errors.js';
import { FormField } from '../../../../components/form-field.js';
import { LANGUAGE_NAMES } from '../../../../components/language-menu.js';
import { notify } from '../../../../components/toaster.js';
import { showError } from '../../../../components/error-dialog.js';
import { applyLanguage } from '../../../../i18n/index.js';
import { SettingsCard } from '../../../../components/settings-card.js';
import { useTimeZones } from '../use-time-zones.js';

export function ProfileSection() {
  const { t } = useTranslation('account-settings');
  const { profile } = useAccountProfile();
  return (
    <SettingsCard title={t('profile.title')} description={t('profile.description')} testId="account-profile">
      {profile ? (
        <ProfileForm profile={profile} />
      ) : (
        <Flex justify="center" py="10">
          <Spinner color="brand.solid" />
        </Flex>
      )}
    </SettingsCard>
  );
}

function ProfileForm({ profile }: { profile: TAccountProfile }) {
  const { t } = useTranslation(['account-settings', 'validation']);
  const [values, setValues] = useState(profile);
  const [errors, setErrors] = useState<{ fullname?: string; timezone?: string }>({});
  const [saving, setSaving] = useState(false);
  const zones = useTimeZones(profile.timezone);
  const listId = useId();
  useEffect(() => setValues(profile), [profile]);
  const dirty = JSON.stringify(values) !== JSON.stringify(profile);

  function problems(next: TAccountProfile) {
    return {
      fullname: next.fullname.trim() === '' ? t('validation:required', { field: t('profile.fullname') }) : undefined,
      timezone: isTimeZone(next.timezone) ? undefined : t('profile.timezoneUnknown'),
    };
  }

  async function save(): Promise<void> {
    const found = problems(values);
    setErrors(found);
    if (found.fullname || found.timezone || saving) return;
    setSaving(true);
    try {
      const saved = await saveAccountProfile({ ...values, fullname: values.fullname.trim() });
      if (saved.language !== profile.language) await applyLanguage(saved.language);
      notify({ type: 'success', title: t('profile.saved') });
    } catch (error) {
      showError(toApiError(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="5" px={{ base: '4', md: '5' }} py="5">
        <FormField id={`${listId}-fullname`} label={t('profile.fullname')} error={errors.fullname}>
          <Input name="fullname" autoComplete="name" maxLength={100} value={values.fullname} onChange={(event) => setValues({ ...values, fullname: event.target.value })} />
        </FormField>
        <FormField id={`${listId}-timezone`} label={t('profile.timezone')} error={errors.timezone} helper={t('profile.timezoneHelp')}>
          {/* A datalist: type any part of a zone's name ("Berlin", "Hong") to narrow the list. */}
          <Input name="timezone" list={`${listId}-zones`} autoComplete="off" value={values.timezone} onChange={(event) => setValues({ ...values, timezone: event.target.value })} />
          <datalist id={`${listId}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </FormField>
        <FormField id={`${listId}-language`} label={t('profile.language')}>
          <NativeSelect.Root>
            <NativeSelect.Field name="language" value={values.language} onChange={(event) => setValues({ ...values, language: event.target.value as Language })}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Switch.Root checked={values.addFooter} onCheckedChange={(details) => setValues({ ...values, addFooter: details.checked })} name="addFooter">
          <Switch.HiddenInput />
          <Switch.Control />
          <Box>
            <Switch.Label>{t('profile.addFooter')}</Switch.Label>
            <Text fontSize="sm" color="fg.muted">
              {t('profile.addFooterHelp')}
            </Text>
          </Box>
        </Switch.Root>
        <Flex justify="flex-end">
          <Button type="submit" colorPalette="brand" disabled={!dirty} loading={saving} data-testid="account-profile-save">
            {t('profile.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
