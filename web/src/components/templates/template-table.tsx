/**
 * Templates as a table: thumbnail and name (opens the editor), kind and editor, the start of a message's text,
 * the last change in the user's zone, who is editing it now, and each row's menu.
 */
import { Badge, Box, HStack, Link, Menu, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { TTemplateSummary } from '../../api/templates.js';
import { LockIcon, PencilIcon, TrashIcon } from '../icons.js';
import { DangerMenuItem, RowMenu } from '../row-menu.js';
import { SelectCheckbox } from '../select-checkbox.js';
import { useFormatters } from '../../format/use-formatters.js';
import { editorPathOf } from '../../paths/templates.js';
import { TemplateThumbnail } from './template-thumbnail.js';
import type { TemplatePermissions } from './use-template-permissions.js';

type Selection = { selected: ReadonlySet<string>; onChange(ids: ReadonlySet<string>): void };

type Props = {
  templates: readonly TTemplateSummary[];
  permissions: TemplatePermissions;
  /** Absent when the user may not delete: nothing to select for. */
  selection?: Selection;
  onRename(template: TTemplateSummary): void;
  onCopy(template: TTemplateSummary): void;
  onDelete(template: TTemplateSummary): void;
  /** Share or send a copy (spec §4 "Template and group sharing"). */
  onShare(template: TTemplateSummary): void;
};

/** "Email · Code editor", "SMS", "MMS". */
function useKindLabel() {
  const { t } = useTranslation('templates');
  return (template: TTemplateSummary) => (template.kind === 'email' && template.editor ? `${t('kind.email')} · ${t(`editor.${template.editor}`)}` : t(`kind.${template.kind}`));
}

export function TemplateTable({ templates, permissions, selection, ...actions }: Props) {
  const { t } = useTranslation('templates');
  const ids = templates.map((template) => template.id);
  const selectedHere = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;
  const isMessageList = templates.some((template) => template.kind !== 'email');

  const select = (changed: readonly string[], on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of changed) {
      if (on) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };

  return (
    <Box overflowX="auto">
      <Table.Root size="md" aria-label={t('list.tableLabel')} data-testid="template-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="10">
                <SelectCheckbox
                  checked={selectedHere === 0 ? false : selectedHere === ids.length ? true : 'indeterminate'}
                  onChange={(on) => select(ids, on)}
                  label={t('list.selectPage')}
                  testId="select-page"
                />
              </Table.ColumnHeader>
            )}
            <Table.ColumnHeader>{t('list.column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.column.kind')}</Table.ColumnHeader>
            {isMessageList && <Table.ColumnHeader>{t('list.column.text')}</Table.ColumnHeader>}
            <Table.ColumnHeader whiteSpace="nowrap">{t('list.column.updated')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('list.column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {templates.map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              permissions={permissions}
              showText={isMessageList}
              selected={selection ? { checked: selection.selected.has(template.id), onChange: (on) => select([template.id], on) } : undefined}
              {...actions}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

type RowProps = Omit<Props, 'templates' | 'selection'> & {
  template: TTemplateSummary;
  showText: boolean;
  selected?: { checked: boolean; onChange(on: boolean): void };
};

function TemplateRow({ template, permissions, showText, selected, onRename, onCopy, onDelete, onShare }: RowProps) {
  const { t } = useTranslation('templates');
  const { dateTime } = useFormatters();
  const kindLabel = useKindLabel();
  return (
    <Table.Row data-testid="template-row" data-template-id={template.id} data-selected={selected?.checked || undefined}>
      {selected && (
        <Table.Cell>
          <SelectCheckbox checked={selected.checked} onChange={selected.onChange} label={t('list.selectTemplate', { name: template.name })} testId="select-template" />
        </Table.Cell>
      )}
      <Table.Cell maxW="sm">
        <HStack gap="2.5" minW="0">
          <TemplateThumbnail template={template} />
          {/* Readers open it too: the editor shows it read-only. */}
          <Link asChild fontWeight="medium" truncate>
            <RouterLink to={editorPathOf(template)} data-testid="template-name">
              {template.name}
            </RouterLink>
          </Link>
          {template.lock && (
            <Badge size="sm" variant="surface" colorPalette="orange" flexShrink="0" title={t('list.editingHint', { name: template.lock.name })} data-testid="template-lock">
              <LockIcon boxSize="3" />
              {t('list.editing', { name: template.lock.name })}
            </Badge>
          )}
        </HStack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontSize="sm" color="fg.muted" data-testid="template-kind">
        {kindLabel(template)}
      </Table.Cell>
      {showText && (
        <Table.Cell maxW="xs" fontSize="sm" color="fg.muted">
          <Text truncate data-testid="template-snippet">
            {template.snippet}
          </Text>
        </Table.Cell>
      )}
      <Table.Cell whiteSpace="nowrap" fontSize="sm" color="fg.muted">
        {dateTime(template.updateTime)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {(permissions.canWrite || permissions.canDelete) && (
          <TemplateRowMenu template={template} permissions={permissions} onRename={onRename} onCopy={onCopy} onDelete={onDelete} onShare={onShare} />
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function TemplateRowMenu({ template, permissions, onRename, onCopy, onDelete, onShare }: Omit<RowProps, 'showText' | 'selected'>) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  return (
    <RowMenu label={t('list.rowActions', { name: template.name })} testId="template-actions">
      {permissions.canWrite && (
        <>
          <Menu.Item value="edit" onClick={() => navigate(editorPathOf(template))} data-testid="template-edit">
            <PencilIcon boxSize="4" />
            {t('action.edit')}
          </Menu.Item>
          <Menu.Item value="rename" onClick={() => onRename(template)} data-testid="template-rename">
            {t('action.rename')}
          </Menu.Item>
          <Menu.Item value="copy" onClick={() => onCopy(template)} data-testid="template-copy">
            {t('action.copy')}
          </Menu.Item>
          <Menu.Item value="share" onClick={() => onShare(template)} data-testid="template-share">
            {t('share.action')}
          </Menu.Item>
        </>
      )}
      {permissions.canDelete && (
        <DangerMenuItem value="delete" icon={<TrashIcon boxSize="4" />} onClick={() => onDelete(template)} testId="template-delete">
          {t('action.delete')}
        </DangerMenuItem>
      )}
    </RowMenu>
  );
}
