/**
 * Adds a webhook endpoint: its https address and the events it hears (the API checks the address
 * against private ones too); then shows the signing secret, this once, to copy.
 */
import { useState } from 'react';
import { Checkbox, Field, Fieldset, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIBABLE_WEBHOOK_EVENT_TYPES, type SubscribableWebhookEventType } from '../../../../../../shared/domain/webhooks.js';
import { createWebhookEndpoint } from '../../../../api/developers.js';
import { showError } from '../../../../components/error-dialog.js';
import { FormDialog } from '../../../../components/form-dialog.js';
import { fieldErrorMessage } from '../../../../errors/error-messages.js';
import { ShownOnceDialog } from './shown-once-dialog.js';

export function CreateWebhookDialog({ onClose }: { onClose(): void }) {
  const [secret, setSecret] = useState<string | null>(null);
  return secret ? <NewSecretDialog secret={secret} onClose={onClose} /> : <WebhookFormDialog onCreated={setSecret} onClose={onClose} />;
}

function WebhookFormDialog({ onCreated, onClose }: { onCreated(secret: string): void; onClose(): void }) {
  const { t } = useTranslation(['developers', 'errors']);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<SubscribableWebhookEventType[]>([]);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const address = url.trim();
  // http passes here only for the local host's catcher (README): the API decides which http origins it takes.
  const urlProblem = address.length === 0 ? t('webhooks.form.urlRequired') : !/^https?:\/\//i.test(address) ? t('webhooks.form.urlHttps') : null;
  const urlError = serverError ?? (touched ? urlProblem : null);
  const eventsError = touched && eventTypes.length === 0 ? t('webhooks.form.eventsRequired') : null;

  const submit = async () => {
    setTouched(true);
    if (urlProblem || eventTypes.length === 0) return;
    setBusy(true);
    try {
      onCreated((await createWebhookEndpoint({ url: address, eventTypes, description: description.trim() })).secret);
    } catch (failure) {
      const message = fieldErrorMessage(failure, t);
      if (message) setServerError(message);
      else showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('webhooks.form.title')} submitLabel={t('webhooks.form.submit')} submitTestId="webhook-submit" busy={busy} onSubmit={() => void submit()} onClose={onClose} maxW="xl" testId="webhook-dialog">
      <Stack gap="5">
        <Field.Root invalid={Boolean(urlError)}>
          <Field.Label htmlFor="webhook-url">{t('webhooks.form.url')}</Field.Label>
          <Input
            id="webhook-url"
            autoFocus
            autoComplete="off"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            data-testid="webhook-url"
          />
          {urlError ? <Field.ErrorText data-testid="webhook-url-error">{urlError}</Field.ErrorText> : <Field.HelperText>{t('webhooks.form.urlHint')}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="webhook-description">{t('webhooks.form.description')}</Field.Label>
          <Input id="webhook-description" maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} data-testid="webhook-description" />
        </Field.Root>
        <Fieldset.Root invalid={Boolean(eventsError)}>
          <Fieldset.Legend>{t('webhooks.form.events')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="webhook-events">
            {SUBSCRIBABLE_WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox.Root
                key={type}
                size="sm"
                checked={eventTypes.includes(type)}
                onCheckedChange={(details) => setEventTypes((current) => (details.checked === true ? [...current, type] : current.filter((each) => each !== type)))}
                data-testid={`webhook-event-${type}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control cursor="pointer" />
                <Checkbox.Label fontFamily="mono">{type}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
          {eventsError ? <Fieldset.ErrorText data-testid="webhook-events-error">{eventsError}</Fieldset.ErrorText> : <Fieldset.HelperText>{t('webhooks.form.eventsHint')}</Fieldset.HelperText>}
        </Fieldset.Root>
      </Stack>
    </FormDialog>
  );
}

function NewSecretDialog({ secret, onClose }: { secret: string; onClose(): void }) {
  const { t } = useTranslation('developers');
  return (
    <ShownOnceDialog
      title={t('webhooks.created.title')}
      warning={t('webhooks.created.once')}
      label={t('webhooks.created.label')}
      usage={t('webhooks.created.usage')}
      value={secret}
      testIdPrefix="webhook"
      valueTestId="webhook-secret"
      onClose={onClose}
    />
  );
}
