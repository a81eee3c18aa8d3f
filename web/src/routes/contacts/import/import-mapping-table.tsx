import { Box, NativeSelect, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TImportPreviewResponse } from '../../../api/imports.js';
import type { Target, TargetOption } from './use-import-confirm.js';

/** The select's value for "Don't import" (a select cannot hold null). */
const SKIP = '';

type ImportMappingTableProps = {
  preview: TImportPreviewResponse;
  mapping: Target[];
  targets: TargetOption[];
  hasHeader: boolean;
  onChoose(column: number, value: string): void;
};

/** The file's first rows with a target select above each column; a target taken by one column is disabled in the others. */
export function ImportMappingTable({ preview, mapping, targets, hasHeader, onChoose }: ImportMappingTableProps) {
  const { t } = useTranslation('contacts');
  const rows = hasHeader ? preview.rows : [preview.headers, ...preview.rows];
  return (
    <Box borderWidth="1px" rounded="lg" overflowX="auto">
      <Table.Root size="sm" data-testid="import-preview">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {mapping.map((target, column) => (
              <Table.ColumnHeader key={column} minW="44" py="2">
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={target ?? SKIP}
                    onChange={(event) => onChoose(column, event.currentTarget.value)}
                    aria-label={t('import.confirm.columnTarget', { column: hasHeader ? preview.headers[column] : column + 1 })}
                    data-testid="import-target"
                  >
                    <option value={SKIP}>{t('import.target.skip')}</option>
                    {targets.map((option) => (
                      <option key={option.value} value={option.value} disabled={option.value !== target && mapping.includes(option.value)}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
          {hasHeader && (
            <Table.Row>
              {preview.headers.map((header, column) => (
                <Table.ColumnHeader key={column} data-testid="import-header-cell">
                  {header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          )}
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={index} data-testid="import-preview-row">
              {mapping.map((target, column) => (
                <Table.Cell key={column} color={target === null ? 'fg.subtle' : undefined} maxW="60" truncate>
                  {row[column] ?? ''}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
