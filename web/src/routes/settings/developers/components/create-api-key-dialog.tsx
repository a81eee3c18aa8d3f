/**
 * Makes an API key: a name and its scopes (the section flags of spec §6), checked as the API checks
 * them; then shows the key, this once, to copy.
 */
import { useState } from 'react';
import { Checkbox, Field, Fieldset, Input, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { grantsAnything } from '../../../../../../shared/domain/api-keys.js';
import { FLAGS, SECTIONS, type Flag, type Section, type TPermissions } from '../../../../../../shared/domain/permissions.js';
import { createApiKey } from '../../../../api/developers.js';
import { showError } from '../../../../components/error-dialog.js';
import { FormDialog } from '../../../../components/form-dialog.js';
import { fieldErrorMessage } from '../../../../errors/error-messages.js';
import { ShownOnceDialog } from './shown-once-dialog.js';

const NAME_MAX = 100;

const NO_SCOPES = Object.fromEntries(SECTIONS.map((section) => [section, Object.fromEntries(FLAGS.map((flag) => [flag, false]))])) as TPermissions;

export function CreateApiKeyDialog({ onClose }: { onClose(): void }) {
  const [key, setKey] = useState<string | null>(null);
  return key ? <NewKeyDialog apiKey={key} onClose={onClose} /> : <KeyFormDialog onCreated={setKey} onClose={onClose} />;
}

function KeyFormDialog({ onCreated, onClose }: { onCreated(key: string): void; onClose(): void }) {
  const { t } = useTranslation(['developers', 'errors']);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TPermissions>(NO_SCOPES);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const nameProblem = trimmed.length === 0 ? t('form.nameRequired') : trimmed.length > NAME_MAX ? t('form.nameTooLong', { max: NAME_MAX }) : null;
  const nameError = serverError ?? (touched ? nameProblem : null);
  const scopesError = touched && !grantsAnything(scopes) ? t('form.scopesRequired') : null;

  const toggle = (section: Section, flag: Flag, checked: boolean) => setScopes((current) => ({ ...current, [section]: { ...current[section], [flag]: checked } }));

  const submit = async () => {
    setTouched(true);
    if (nameProblem || !grantsAnything(scopes)) return;
    setBusy(true);
    try {
      onCreated((await createApiKey({ name: trimmed, scopes })).key);
    } catch (failure) {
      const message = fieldErrorMessage(failure, t);
      if (message) setServerError(message);
      else showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('form.title')} submitLabel={t('form.submit')} submitTestId="api-key-submit" busy={busy} onSubmit={() => void submit()} onClose={onClose} maxW="xl" testId="api-key-dialog">
      <Stack gap="5">
        <Field.Root invalid={Boolean(nameError)}>
          <Field.Label htmlFor="api-key-name">{t('form.name')}</Field.Label>
          <Input
            id="api-key-name"
            autoFocus
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            data-testid="api-key-name"
          />
          {nameError ? <Field.ErrorText data-testid="api-key-name-error">{nameError}</Field.ErrorText> : <Field.HelperText>{t('form.nameHint')}</Field.HelperText>}
        </Field.Root>
        {/* A fieldset, not a field: a field gives every box inside it the field's one input id. */}
        <Fieldset.Root invalid={Boolean(scopesError)}>
          <Fieldset.Legend>{t('form.scopes')}</Fieldset.Legend>
          <Table.Root size="sm" data-testid="api-key-scopes">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('column.section')}</Table.ColumnHeader>
                {FLAGS.map((flag) => (
                  <Table.ColumnHeader key={flag} textAlign="center">
                    {t(`flag.${flag}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {SECTIONS.map((section) => (
                <Table.Row key={section}>
                  <Table.Cell>{t(`section.${section}`)}</Table.Cell>
                  {FLAGS.map((flag) => (
                    <Table.Cell key={flag} textAlign="center">
                      <Checkbox.Root size="sm" checked={scopes[section][flag]} onCheckedChange={(details) => toggle(section, flag, details.checked === true)} data-testid={`api-key-scope-${section}-${flag}`}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control cursor="pointer" />
                        <Checkbox.Label srOnly>{t('form.scopeLabel', { section: t(`section.${section}`), flag: t(`flag.${flag}`) })}</Checkbox.Label>
                      </Checkbox.Root>
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {scopesError ? <Fieldset.ErrorText data-testid="api-key-scopes-error">{scopesError}</Fieldset.ErrorText> : <Fieldset.HelperText>{t('form.scopesHint')}</Fieldset.HelperText>}
        </Fieldset.Root>
      </Stack>
    </FormDialog>
  );
}

function NewKeyDialog({ apiKey, onClose }: { apiKey: string; onClose(): void }) {
  const { t } = useTranslation('developers');
  return <ShownOnceDialog title={t('created.title')} warning={t('created.once')} label={t('created.label')} usage={t('created.usage')} value={apiKey} testIdPrefix="api-key" valueTestId="api-key-value" onClose={onClose} />;
}
