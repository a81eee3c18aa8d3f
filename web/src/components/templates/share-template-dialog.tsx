/**
 * Shares a template (spec §4 "Template and group sharing"): with another user by login email, to
 * view or to edit, or as an independent copy; the receiver is asked to accept. Below, who has it
 * now or has yet to answer, with their rights to change and access to remove. Refusals that are
 * about the address (unknown user, free account or oneself, already shared) show under the field.
 */
import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, IconButton, Input, NativeSelect, RadioCard, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../../../shared/domain/email.js';
import type { ShareMode } from '../../../../shared/domain/template-sharing.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { toApiError } from '../../api/errors.js';
import { changeShareRights, removeShare, shareTemplate, useTemplateShares, type ShareRights, type TTemplateShare } from '../../api/template-shares.js';
import type { TTemplateSummary } from '../../api/templates.js';
import { showError } from '../error-dialog.js';
import { FormDialog } from '../form-dialog.js';
import { TrashIcon } from '../icons.js';
import { notify } from '../toaster.js';

/** Refusals that are about the address typed, shown under the field rather than in a dialog. */
const FIELD_ERRORS: ReadonlySet<string> = new Set([ERROR_CODES.USER_NOT_FOUND, ERROR_CODES.TEMPLATE_SHARE_RECEIVER, ERROR_CODES.TEMPLATE_ALREADY_SHARED]);

const MODES: readonly ShareMode[] = ['share', 'copy'];

export function ShareTemplateDialog({ template, onClose }: { template: TTemplateSummary; onClose(): void }) {
  const { t } = useTranslation(['templates', 'errors']);
  const [mode, setMode] = useState<ShareMode>('share');
  const [email, setEmail] = useState('');
  const [rights, setRights] = useState<ShareRights>('view');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError(t('templates:share.emailInvalid'));
      return;
    }
    setBusy(true);
    try {
      const share = await shareTemplate(template.id, { email: address, rights, mode });
      notify({ type: 'success', title: t(mode === 'copy' ? 'templates:share.copySent' : 'templates:share.sent', { name: share.receiver.name || share.receiver.email }) });
      setEmail('');
      setError(null);
    } catch (failure) {
      const code = toApiError(failure).code;
      if (FIELD_ERRORS.has(code)) setError(t(`errors:${code}`));
      else showError(failure, { entity: 'template' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('templates:share.title', { name: template.name })}
      submitLabel={t(mode === 'copy' ? 'templates:share.submitCopy' : 'templates:share.submit')}
      submitTestId="share-template-submit"
      canSubmit={email.trim() !== ''}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxW="lg"
      testId="share-template-dialog"
    >
      <Stack gap="5">
        <RadioCard.Root value={mode} onValueChange={(details) => (details.value === 'share' || details.value === 'copy') && setMode(details.value)} size="sm" data-testid="share-mode">
          <RadioCard.Label>{t('templates:share.mode')}</RadioCard.Label>
          <HStack align="stretch" gap="3" flexDirection={{ base: 'column', sm: 'row' }}>
            {MODES.map((value) => (
              <RadioCard.Item key={value} value={value} flex="1" data-testid={`share-mode-${value}`}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl>
                  <RadioCard.ItemContent>
                    <RadioCard.ItemText>{t(`templates:share.modes.${value}`)}</RadioCard.ItemText>
                    <RadioCard.ItemDescription>{t(`templates:share.modeHints.${value}`)}</RadioCard.ItemDescription>
                  </RadioCard.ItemContent>
                  <RadioCard.ItemIndicator />
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </HStack>
        </RadioCard.Root>
        <HStack align="start" gap="3" flexDirection={{ base: 'column', sm: 'row' }}>
          <Field.Root invalid={error !== null} required flex="1">
            <Field.Label>
              {t('templates:share.email')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(null);
              }}
              placeholder={t('templates:share.emailPlaceholder')}
              maxLength={254}
              autoFocus
              data-testid="share-email"
            />
            {error ? <Field.ErrorText data-testid="share-email-error">{error}</Field.ErrorText> : <Field.HelperText>{t('templates:share.emailHint')}</Field.HelperText>}
          </Field.Root>
          {mode === 'share' && (
            <Field.Root w={{ base: 'full', sm: '40' }}>
              <Field.Label>{t('templates:share.rights')}</Field.Label>
              <RightsSelect value={rights} onChange={setRights} testId="share-rights" />
            </Field.Root>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t(`templates:share.rightsHint.${mode === 'copy' ? 'copy' : rights}`)}
        </Text>
        <ShareList template={template} />
      </Stack>
    </FormDialog>
  );
}

function RightsSelect({ value, onChange, testId, label, disabled }: { value: ShareRights; onChange(rights: ShareRights): void; testId: string; label?: string; disabled?: boolean }) {
  const { t } = useTranslation('templates');
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value === 'edit' ? 'edit' : 'view')} aria-label={label} data-testid={testId}>
        <option value="view">{t('share.rightsOption.view')}</option>
        <option value="edit">{t('share.rightsOption.edit')}</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Who has the template or has yet to answer. */
function ShareList({ template }: { template: TTemplateSummary }) {
  const { t } = useTranslation('templates');
  const { shares, error, refetch } = useTemplateShares(template.id);
  return (
    <Box borderTopWidth="1px" pt="4" data-testid="share-list">
      <Text fontSize="sm" fontWeight="semibold" mb="2">
        {t('share.people')}
      </Text>
      {!shares ? (
        error ? (
          <Text fontSize="sm" color="fg.error">
            {t('share.loadFailed')}{' '}
            <Button type="button" size="xs" variant="plain" textDecoration="underline" onClick={() => void refetch()}>
              {t('share.retry')}
            </Button>
          </Text>
        ) : (
          <Spinner size="sm" />
        )
      ) : shares.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="share-list-empty">
          {t('share.nobody')}
        </Text>
      ) : (
        <Stack gap="2">
          {shares.map((share) => (
            <ShareRow key={share.id} share={share} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ShareRow({ share }: { share: TTemplateShare }) {
  const { t } = useTranslation('templates');
  const [busy, setBusy] = useState(false);
  const who = share.receiver.name || share.receiver.email;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify({ type: 'success', title: done });
    } catch (failure) {
      showError(failure, { entity: 'template' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <HStack gap="3" py="1.5" data-testid="share-row" data-share-id={share.id} data-status={share.status}>
      <Box flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {share.receiver.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {share.receiver.email}
        </Text>
      </Box>
      <Badge size="sm" variant="surface" colorPalette={share.status === 'pending' ? 'orange' : 'green'} data-testid="share-status">
        {t(share.mode === 'copy' ? 'share.status.copyPending' : `share.status.${share.status}`)}
      </Badge>
      {share.mode === 'share' && (
        <Box w="32">
          <RightsSelect
            value={share.rights}
            label={t('share.rightsOf', { name: who })}
            disabled={busy}
            onChange={(rights) => void act(() => changeShareRights(share.templateId, share.id, rights), t('share.rightsChanged', { name: who }))}
            testId="share-row-rights"
          />
        </Box>
      )}
      <IconButton
        type="button"
        size="xs"
        variant="ghost"
        colorPalette="red"
        aria-label={t(share.status === 'pending' ? 'share.withdraw' : 'share.remove', { name: who })}
        title={t(share.status === 'pending' ? 'share.withdraw' : 'share.remove', { name: who })}
        disabled={busy}
        onClick={() => void act(() => removeShare(share.templateId, share.id), t('share.removed', { name: who }))}
        data-testid="share-row-remove"
      >
        <TrashIcon boxSize="4" />
      </IconButton>
    </HStack>
  );
}
