/**
 * The create/edit contact form: addresses, subscriptions (with the bounce status and its reset
 * when editing), custom fields by type, and group memberships. Saving stays in reach at the bottom.
 */
import { Box, Button, Field, Flex, Grid, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Channel, TFieldSchema } from '../../../../../shared/schemas/contacts.js';
import type { ChannelEntry, ContactFormValues } from '../contact-form-model.js';
import { displayAddress } from '../../../components/contacts/field-values.js';
import { contactPaths } from '../../../paths/contacts.js';
import { useContactForm } from '../use-contact-form.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { BounceStatus } from './bounce-status.js';
import { FieldValueInput } from './field-value-input.js';
import { FormSection } from './form-section.js';
import { GroupPicker } from './group-picker.js';
import { MobileInput } from './mobile-input.js';

type Props = {
  /** The contact being edited, with its saved addresses and their bounce states; null creates one. */
  editing: { id: string; channels: Record<Channel, ChannelEntry> } | null;
  initial: ContactFormValues;
  schemas: readonly TFieldSchema[];
};

export function ContactForm({ editing, initial, schemas }: Props) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const permissions = useContactPermissions();
  const form = useContactForm({ contactId: editing?.id ?? null, initial, schemas, withGroups: permissions.canReadGroups });
  const { values, errors } = form;

  const subscription = (channel: Channel) => {
    const key = channel === 'email' ? 'emailSubscribe' : 'smsSubscribe';
    const saved = editing?.channels[channel];
    return (
      <Flex justify="space-between" align="center" gap="4" py="3" borderBottomWidth={channel === 'email' ? '1px' : undefined}>
        <Box>
          <Text fontWeight="medium" fontSize="sm">
            {t(`form.subscribe.${channel}`)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t(`form.subscribeHint.${channel}`)}
          </Text>
          {editing && saved?.address && (
            <Box mt="1.5">
              <BounceStatus contactId={editing.id} channel={channel} address={displayAddress(channel, saved.address)} bounce={saved.bounce} canReset={permissions.canWrite} />
            </Box>
          )}
        </Box>
        <Switch.Root checked={values[key]} onCheckedChange={(details) => form.change({ [key]: details.checked }, [])} data-testid={`contact-${channel}-subscribe`}>
          <Switch.HiddenInput aria-label={t(`form.subscribe.${channel}`)} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
        </Switch.Root>
      </Flex>
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save().then((saved) => {
          // Take the user to what needs fixing, wherever it is on the page.
          if (!saved) document.querySelector<HTMLElement>('[data-invalid] input, [data-invalid] select')?.focus();
        });
      }}
      data-testid="contact-form"
    >
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
        <Stack gap="5">
          <FormSection title={t('form.addresses')} description={t('form.addressesHint')}>
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.email)}>
                <Field.Label>{t('form.email')}</Field.Label>
                <Input
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  value={values.email}
                  onChange={(event) => form.change({ email: event.target.value }, ['email'])}
                  onBlur={() => form.blur('email')}
                  placeholder="name@example.com"
                  data-testid="contact-email"
                />
                {errors.email && <Field.ErrorText data-testid="contact-email-error">{errors.email}</Field.ErrorText>}
              </Field.Root>
              <MobileInput
                mobile={values.mobile}
                country={values.mobileCountry}
                error={errors.mobile}
                onChange={(change) => form.change(change, ['mobile'])}
                onBlur={() => form.blur('mobile')}
              />
            </Stack>
          </FormSection>
          <FormSection title={t('form.customFields')} description={schemas.length === 0 ? t('form.noFields') : undefined}>
            {schemas.length > 0 && (
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                {schemas.map((field) => (
                  <FieldValueInput
                    key={field.id}
                    field={field}
                    value={values.fields[field.id]}
                    error={errors[`field:${field.id}`]}
                    onChange={(draft) => form.setField(field.id, draft)}
                    onBlur={() => form.blur(`field:${field.id}`)}
                  />
                ))}
              </Grid>
            )}
          </FormSection>
        </Stack>
        <Stack gap="5">
          <FormSection title={t('form.subscriptions')}>
            {subscription('email')}
            {subscription('sms')}
          </FormSection>
          {permissions.canReadGroups && (
            <FormSection title={t('form.groups')} description={t('form.groupsHint')}>
              <GroupPicker groupIds={values.groupIds} onChange={(groupIds) => form.change({ groupIds }, [])} />
            </FormSection>
          )}
        </Stack>
      </Grid>
      {/* Actions at the start: toasts appear at the bottom end and would cover them. */}
      <Flex position="sticky" bottom="0" mt="6" py="4" gap="2" bg="bg.subtle" borderTopWidth="1px" zIndex="1">
        <Button type="submit" loading={form.saving} data-testid="contact-save">
          {t(editing ? 'action.save' : 'form.create')}
        </Button>
        <Button variant="outline" onClick={() => navigate(editing ? contactPaths.profile(editing.id) : contactPaths.list)} disabled={form.saving}>
          {t('common:action.cancel')}
        </Button>
      </Flex>
    </form>
  );
}
