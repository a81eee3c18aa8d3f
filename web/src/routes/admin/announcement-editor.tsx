/**
 * Writes or edits an announcement: title, preview, HTML content beside a live preview sanitised
 * exactly as users will see it, pop-up, important, and an optional end date.
 */
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Box, Field, Flex, Grid, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AnnouncementContent } from '../../announcements/announcement-content.js';
import { createAnnouncement, updateAnnouncement, type TAnnouncement } from '../../api/announcements.js';
import { showError } from '../../components/error-dialog.js';
import { FormDialog } from '../../components/form-dialog.js';
import {
  EMPTY_FORM,
  formFromAnnouncement,
  LIMITS,
  toAnnouncementInput,
  validateAnnouncementForm,
  type AnnouncementForm,
  type AnnouncementFormErrors,
  type AnnouncementFormField,
} from './announcement-form.js';

type Props = { announcement: TAnnouncement | null; onClose(): void; onSaved(): void };

export function AnnouncementEditor({ announcement, onClose, onSaved }: Props) {
  const { t } = useTranslation('realtime');
  const [initial] = useState(() => (announcement ? formFromAnnouncement(announcement) : EMPTY_FORM));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<AnnouncementFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof AnnouncementForm>(field: K, value: AnnouncementForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async () => {
    const found = validateAnnouncementForm(form, initial, Date.now());
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const input = toAnnouncementInput(form);
      await (announcement ? updateAnnouncement(announcement.id, input) : createAnnouncement(input));
      onSaved();
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  };

  const errorText = (field: AnnouncementFormField) => {
    const error = errors[field];
    if (!error) return undefined;
    return field === 'validUntil' ? t(`admin.error.${error}`) : t(`admin.error.${error}`, { max: LIMITS[field] });
  };

  return (
    <FormDialog
      title={t(announcement ? 'admin.editTitle' : 'admin.newTitle')}
      submitLabel={t(announcement ? 'admin.save' : 'admin.publish')}
      submitTestId="admin-save"
      busy={saving}
      onSubmit={() => void save()}
      onClose={onClose}
      size="xl"
      maxW="1080px"
      testId="admin-editor"
    >
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
        <Stack gap="4">
          <FormField label={t('admin.field.title')} error={errorText('title')}>
            <Input value={form.title} maxLength={LIMITS.title} onChange={(event) => set('title', event.target.value)} data-testid="admin-title" />
          </FormField>
          <FormField label={t('admin.field.preview')} hint={t('admin.field.previewHint')} error={errorText('preview')}>
            <TextArea
              value={form.preview}
              rows={2}
              maxLength={LIMITS.preview}
              onChange={(event) => set('preview', event.target.value)}
              data-testid="admin-preview"
            />
          </FormField>
          <FormField label={t('admin.field.content')} hint={t('admin.field.contentHint')} error={errorText('content')}>
            <TextArea
              value={form.content}
              rows={8}
              spellCheck={false}
              monospace
              onChange={(event) => set('content', event.target.value)}
              data-testid="admin-content"
            />
          </FormField>
        </Stack>
        <LivePreview form={form} />
      </Grid>
      <Flex mt="6" pt="5" borderTopWidth="1px" gap={{ base: '4', md: '10' }} direction={{ base: 'column', md: 'row' }} align={{ md: 'start' }}>
        <Box flexShrink="0">
          <FormField label={t('admin.field.validUntil')} hint={t('admin.field.validUntilHint')} error={errorText('validUntil')}>
            <Input
              type="datetime-local"
              value={form.validUntil}
              onChange={(event) => set('validUntil', event.target.value)}
              maxW="64"
              data-testid="admin-valid-until"
            />
          </FormField>
        </Box>
        <Stack gap="3" pt={{ md: '7' }}>
          <FlagSwitch checked={form.popUp} onChange={(value) => set('popUp', value)} label={t('admin.field.popUp')} testId="admin-pop-up" />
          <FlagSwitch
            checked={form.important}
            onChange={(value) => set('important', value)}
            label={t('admin.field.important')}
            testId="admin-important"
          />
        </Stack>
      </Flex>
    </FormDialog>
  );
}

function FormField({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}

function FlagSwitch({ checked, onChange, label, testId }: { checked: boolean; onChange(value: boolean): void; label: string; testId: string }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label fontWeight="normal">{label}</Switch.Label>
    </Switch.Root>
  );
}

/** A multi-line field drawn by the input recipe (the theme bundles no separate textarea recipe). */
function TextArea({ monospace, ...props }: ComponentProps<'textarea'> & { monospace?: boolean }) {
  return (
    <Input asChild h="auto" py="2" lineHeight="1.5" resize="vertical" fontFamily={monospace ? 'mono' : undefined} fontSize={monospace ? 'sm' : undefined}>
      <textarea {...props} />
    </Input>
  );
}

/** What users will see in the dialog, sanitised by the same code. */
function LivePreview({ form }: { form: AnnouncementForm }) {
  const { t } = useTranslation('realtime');
  return (
    <Stack gap="2" minW="0">
      <Text fontSize="sm" fontWeight="medium">
        {t('admin.livePreview')}
      </Text>
      <Box borderWidth="1px" rounded="lg" p="5" bg="bg.subtle" flex="1" minH="64" overflowY="auto" data-testid="admin-live-preview">
        <Text fontWeight="semibold" fontSize="lg" mb="3" color={form.title ? undefined : 'fg.subtle'}>
          {form.title || t('admin.field.title')}
        </Text>
        {form.content.trim() ? (
          <AnnouncementContent html={form.content} />
        ) : (
          <Text color="fg.subtle" fontSize="sm">
            {t('admin.previewEmpty')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
