/**
 * The export dialog: which contacts (all, a group, the current search, or the one fixed by the
 * page it opened from), the export's name and the file format. Starting queues the export and
 * opens /exports, where it runs; a refusal shows the spec's "export failed to start" toast.
 */
import { useState } from 'react';
import { Box, Button, chakra, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TContactFilter } from '../../../../shared/schemas/contact-search.js';
import { EXPORT_NAME_MAX, type ExportFormat, type TExportSource } from '../../../../shared/schemas/exports.js';
import { useContactCount } from '../../api/contacts.js';
import { startExport } from '../../api/exports.js';
import { useEveryGroup } from '../../api/groups.js';
import { useUserInfo } from '../../api/user.js';
import { FormDialog } from '../form-dialog.js';
import { notify } from '../toaster.js';
import { describeError } from '../../errors/error-messages.js';
import { useFormatters } from '../../format/use-formatters.js';
import { EXPORTS_PAGE } from '../../paths/exports.js';

/** Where the dialog was opened: the contacts list (choose the source here), a group, or a search. */
export type ExportDialogSource =
  | { kind: 'list'; quickSearch?: string }
  | { kind: 'group'; groupId: string; groupName: string }
  | { kind: 'search'; filter: TContactFilter };

type Choice = 'all' | 'quickSearch' | 'group';

/** Today as YYYY-MM-DD in the user's time zone, for the default name (a valid file name everywhere). */
function today(timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function Segmented<T extends string>({ value, options, onChange, label, testId }: { value: T; options: ReadonlyArray<{ value: T; label: string }>; onChange(value: T): void; label: string; testId: string }) {
  return (
    <Flex gap="1" p="1" bg="bg.muted" rounded="md" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          flex="1"
          size="sm"
          variant={value === option.value ? 'surface' : 'ghost'}
          colorPalette={value === option.value ? undefined : 'gray'}
          role="radio"
          aria-checked={value === option.value}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </Button>
      ))}
    </Flex>
  );
}

export default function ExportDialog({ source, onClose }: { source: ExportDialogSource; onClose(): void }) {
  const { t } = useTranslation(['exports', 'errors']);
  const { number } = useFormatters();
  const { user } = useUserInfo();
  const navigate = useNavigate();
  const quickSearch = source.kind === 'list' ? source.quickSearch?.trim() : undefined;
  const [choice, setChoice] = useState<Choice>(quickSearch ? 'quickSearch' : 'all');
  const [groupId, setGroupId] = useState(source.kind === 'group' ? source.groupId : '');
  const { groups } = useEveryGroup(source.kind === 'list');
  const chosenGroup = source.kind === 'group' ? { id: source.groupId, name: source.groupName } : groups?.find((group) => group.id === groupId);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);

  const date = today(user?.timezone);
  const exportSource: TExportSource | null =
    source.kind === 'search'
      ? { kind: 'search', filter: source.filter }
      : source.kind === 'group' || choice === 'group'
        ? chosenGroup
          ? { kind: 'group', groupId: chosenGroup.id }
          : null
        : choice === 'quickSearch' && quickSearch
          ? { kind: 'search', filter: { quickSearch } }
          : { kind: 'all' };
  const defaultName = (() => {
    if (exportSource?.kind === 'group' && chosenGroup) return `${chosenGroup.name} ${date}`;
    if (exportSource?.kind === 'search') return t('defaultName.search', { date });
    return t('defaultName.all', { date });
  })();
  // The name follows the source until the user types one.
  const [typedName, setTypedName] = useState<string | null>(null);
  const name = typedName ?? defaultName.slice(0, EXPORT_NAME_MAX);
  const countFilter: TContactFilter | null = exportSource?.kind === 'search' ? exportSource.filter : exportSource?.kind === 'all' ? {} : null;
  const { count } = useContactCount(countFilter ?? { groupId: exportSource?.kind === 'group' ? exportSource.groupId : undefined });
  const canSubmit = exportSource !== null && name.trim() !== '';

  const submit = async () => {
    if (!exportSource || !canSubmit) return;
    setBusy(true);
    try {
      await startExport({ name: name.trim(), format, source: exportSource });
      notify({ type: 'success', title: t('toast.started'), description: t('toast.startedText') });
      onClose();
      navigate(EXPORTS_PAGE);
    } catch (error) {
      // Spec §8 "Toasts": export failed to start, with why when the server said.
      notify({ type: 'error', title: t('toast.failedToStart'), description: describeError(error, t)?.message });
      setBusy(false);
    }
  };

  const option = (value: Choice, label: string, detail?: string) => (
    <chakra.button
      key={value}
      type="button"
      role="radio"
      aria-checked={choice === value}
      display="flex"
      w="full"
      px="3"
      py="2.5"
      gap="3"
      alignItems="center"
      textAlign="start"
      rounded="md"
      borderWidth="1px"
      borderColor={choice === value ? 'brand.solid' : 'border'}
      bg={choice === value ? 'brand.subtle' : undefined}
      _hover={{ bg: choice === value ? 'brand.subtle' : 'bg.muted' }}
      onClick={() => setChoice(value)}
      data-testid={`export-source-${value}`}
    >
      <Box boxSize="3.5" rounded="full" borderWidth={choice === value ? '4px' : '1.5px'} borderColor={choice === value ? 'brand.solid' : 'border.emphasized'} flexShrink="0" />
      <Box minW="0">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        {detail && (
          <Text fontSize="xs" color="fg.muted" lineClamp="1">
            {detail}
          </Text>
        )}
      </Box>
    </chakra.button>
  );

  return (
    <FormDialog
      title={t('dialog.title')}
      header={
        count !== undefined && exportSource ? (
          <Text fontSize="sm" color="fg.muted" data-testid="export-count">
            {t('dialog.count', { count, n: number(count) })}
          </Text>
        ) : undefined
      }
      submitLabel={t('dialog.submit')}
      submitTestId="export-confirm"
      canSubmit={canSubmit}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxW="md"
      testId="export-dialog"
    >
      <Stack gap="5">
        <Field.Root>
          <Field.Label>{t('dialog.source')}</Field.Label>
          {source.kind === 'list' ? (
            <Stack gap="2" w="full" role="radiogroup" aria-label={t('dialog.source')}>
              {option('all', t('dialog.sourceAll'))}
              {quickSearch && option('quickSearch', t('dialog.sourceQuickSearch'), `“${quickSearch}”`)}
              {option('group', t('dialog.sourceGroup'))}
              {choice === 'group' && (
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={groupId}
                    onChange={(event) => setGroupId(event.currentTarget.value)}
                    aria-label={t('dialog.chooseGroup')}
                    data-testid="export-group"
                  >
                    <option value="" disabled>
                      {groups ? t('dialog.chooseGroup') : t('dialog.loadingGroups')}
                    </option>
                    {(groups ?? []).map((group) => (
                      <option key={group.id} value={group.id}>
                        {group.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </Stack>
          ) : (
            <Text fontSize="sm" data-testid="export-fixed-source">
              {source.kind === 'group' ? t('source.group', { name: source.groupName }) : t('source.search')}
            </Text>
          )}
        </Field.Root>
        <Field.Root required invalid={name.trim() === ''}>
          <Field.Label>{t('dialog.name')}</Field.Label>
          <Input value={name} maxLength={EXPORT_NAME_MAX} onChange={(event) => setTypedName(event.currentTarget.value)} data-testid="export-name" />
          {name.trim() === '' ? <Field.ErrorText>{t('dialog.nameRequired')}</Field.ErrorText> : <Field.HelperText>{t('dialog.nameHint')}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('dialog.format')}</Field.Label>
          <Box w="full">
            <Segmented<ExportFormat>
              value={format}
              onChange={setFormat}
              label={t('dialog.format')}
              testId="export-format"
              options={[
                { value: 'xlsx', label: t('format.xlsx') },
                { value: 'csv', label: t('format.csv') },
              ]}
            />
          </Box>
          <Field.HelperText>{t(format === 'xlsx' ? 'dialog.xlsxHint' : 'dialog.csvHint')}</Field.HelperText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
