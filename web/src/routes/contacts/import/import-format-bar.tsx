import { Box, Field, Flex, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { IMPORT_ENCODINGS } from '../../../../../shared/schemas/imports.js';
import type { ImportEncoding, TImportPreviewResponse } from '../../../api/imports.js';

/** The select's value while no encoding is known (a select cannot hold undefined). */
const NO_ENCODING = '';

type ImportFormatBarProps = {
  preview: TImportPreviewResponse | null;
  /** The encoding the user chose, if any. */
  encoding: ImportEncoding | undefined;
  /** The encoding the preview was read in, for a CSV file. */
  csvEncoding: ImportEncoding | undefined;
  showEncoding: boolean;
  loading: boolean;
  onEncodingChange(encoding: ImportEncoding): void;
  onEntryChange(entry: string): void;
  onSheetChange(sheet: string): void;
};

/**
 * How the file was read (CSV with its delimiter, or XLSX) and, for a CSV, the encoding to read it
 * in; the file of a ZIP archive and the sheet of a workbook to read, when there are several.
 */
export function ImportFormatBar({ preview, encoding, csvEncoding, showEncoding, loading, onEncodingChange, onEntryChange, onSheetChange }: ImportFormatBarProps) {
  const { t } = useTranslation('contacts');
  const entry = preview?.format.entry;
  const sheet = preview?.format.format === 'xlsx' ? (preview.format.sheet ?? preview.sheets[0]) : undefined;
  return (
    <Flex gap="6" wrap="wrap" align="flex-end">
      {preview && preview.entries.length > 1 && (
        <NameChooser label={t('import.confirm.entry')} names={preview.entries} value={entry} disabled={loading} onChange={onEntryChange} testId="import-entry" />
      )}
      {preview && preview.sheets.length > 1 && (
        <NameChooser label={t('import.confirm.sheet')} names={preview.sheets} value={sheet} disabled={loading} onChange={onSheetChange} testId="import-sheet" />
      )}
      {preview && (
        <Box data-testid="import-format">
          <Text fontSize="sm" color="fg.muted">
            {t('import.confirm.format')}
          </Text>
          <Text fontWeight="medium">
            {preview.format.format === 'csv'
              ? t('import.confirm.formatCsv', { delimiter: t(`import.delimiter.${delimiterName(preview.format.delimiter)}`) })
              : t('import.confirm.formatXlsx')}
          </Text>
        </Box>
      )}
      {showEncoding && (
        <Field.Root w="auto" minW="48">
          <Field.Label>{t('import.confirm.encoding')}</Field.Label>
          <NativeSelect.Root size="sm" disabled={loading}>
            <NativeSelect.Field
              value={encoding ?? csvEncoding ?? NO_ENCODING}
              onChange={(event) => {
                const chosen = IMPORT_ENCODINGS.find((item) => item === event.currentTarget.value);
                if (chosen) onEncodingChange(chosen);
              }}
              data-testid="import-encoding"
            >
              {!encoding && !csvEncoding && <option value={NO_ENCODING}>{t('import.confirm.chooseEncoding')}</option>}
              {IMPORT_ENCODINGS.map((item) => (
                <option key={item} value={item}>
                  {t(`import.encoding.${item}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {loading && <Spinner size="sm" color="brand.solid" />}
    </Flex>
  );
}

type NameChooserProps = { label: string; names: string[]; value: string | undefined; disabled: boolean; onChange(name: string): void; testId: string };

/** A select among the names the preview listed (an archive's files, a workbook's sheets). */
function NameChooser({ label, names, value, disabled, onChange, testId }: NameChooserProps) {
  return (
    <Field.Root w="auto" minW="48">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" disabled={disabled}>
        <NativeSelect.Field value={value ?? names[0]} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId}>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function delimiterName(delimiter: string): 'comma' | 'semicolon' | 'tab' {
  if (delimiter === ';') return 'semicolon';
  if (delimiter === '\t') return 'tab';
  return 'comma';
}
