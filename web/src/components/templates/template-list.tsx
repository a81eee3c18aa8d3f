/**
 * The templates of one kind, paged by the server's cursors: a buffered name search, the table with
 * selection and bulk delete, each row's menu (edit, rename, copy, delete), and an empty state.
 */
import { useState } from 'react';
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { copyTemplate, useTemplateList, type TemplateKind, type TTemplateSummary } from '../../api/templates.js';
import { showError } from '../error-dialog.js';
import { SearchIcon, TemplateIcon, TrashIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';
import { CursorPager, useCursorTrail } from '../pager.js';
import { SearchInput } from '../search-input.js';
import { notify } from '../toaster.js';
import { useBufferedSearchParam } from '../use-search-buffer.js';
import { useFormatters } from '../../format/use-formatters.js';
import { templatePaths } from '../../paths/templates.js';
import type { TemplatePermissions } from './use-template-permissions.js';
import { ChoiceButtons } from '../choice-buttons.js';
import { DeleteTemplatesDialog } from './delete-templates-dialog.js';
import { RenameTemplateDialog } from './rename-template-dialog.js';
import { ShareTemplateDialog } from './share-template-dialog.js';
import { TemplateTable } from './template-table.js';

const MESSAGE_KINDS: readonly TemplateKind[] = ['sms', 'mms'];

type Dialog = { kind: 'delete'; templates: TTemplateSummary[] } | { kind: 'rename' | 'share'; template: TTemplateSummary } | null;

type ListProps = {
  kind: TemplateKind;
  permissions: TemplatePermissions;
  /** The kinds a filter offers, switching `kind` in the URL; SMS or MMS by default on the message tab. */
  kinds?: readonly TemplateKind[];
};

export function TemplateList({ kind, permissions, kinds = kind === 'email' ? [] : MESSAGE_KINDS }: ListProps) {
  const { t } = useTranslation('templates');
  const { number } = useFormatters();
  const navigate = useNavigate();
  const search = useBufferedSearchParam('search');
  const trail = useCursorTrail(search.applied);
  const { list, error, isLoading, isValidating, refetch } = useTemplateList({ kind, search: search.applied, cursor: trail.cursor });
  const [dialog, setDialog] = useState<Dialog>(null);

  // A selection belongs to the page it was made on.
  const pageKey = `${search.applied}|${trail.cursor ?? ''}`;
  const [selection, setSelection] = useState<{ pageKey: string; ids: ReadonlySet<string> }>({ pageKey, ids: new Set() });
  const selected = selection.pageKey === pageKey ? selection.ids : new Set<string>();
  const select = (ids: ReadonlySet<string>) => setSelection({ pageKey, ids });
  const rows = list?.data;

  const copy = async (template: TTemplateSummary) => {
    try {
      const created = await copyTemplate(template.id);
      notify({ type: 'success', title: t('copy.done', { name: created.name }) });
    } catch (failure) {
      showError(failure, { entity: 'template' });
    }
  };

  let content;
  if (!rows) {
    content = error ? <ListError title={t('list.loadFailed')} onRetry={() => void refetch()} testId="template-list-error" /> : <ListSkeleton rows={5} rowHeight="10" />;
  } else if (rows.length === 0 && search.applied) {
    content = (
      <ListMessage icon={SearchIcon} title={t('list.noMatch', { search: search.applied })} text={t('list.noMatchHint')} testId="template-list-no-match">
        <Button size="sm" variant="outline" onClick={() => search.setText('')}>
          {t('list.clearSearch')}
        </Button>
      </ListMessage>
    );
  } else if (rows.length === 0) {
    const createPath = kind === 'email' ? templatePaths.codeEditor() : templatePaths.enterMessage(kind);
    content = (
      <ListMessage icon={TemplateIcon} title={t(`list.empty.${kind}`)} text={t('list.emptyHint')} testId="template-list-empty">
        {permissions.canWrite && (
          <Button size="sm" onClick={() => navigate(createPath)}>
            {t(`list.emptyCreate.${kind}`)}
          </Button>
        )}
      </ListMessage>
    );
  } else {
    content = (
      <>
        <TemplateTable
          templates={rows}
          permissions={permissions}
          selection={permissions.canDelete ? { selected, onChange: select } : undefined}
          onRename={(template) => setDialog({ kind: 'rename', template })}
          onCopy={(template) => void copy(template)}
          onDelete={(template) => setDialog({ kind: 'delete', templates: [template] })}
          onShare={(template) => setDialog({ kind: 'share', template })}
        />
        <CursorPager trail={trail} shown={rows.length} nextCursor={list?.nextCursor} busy={isLoading || isValidating} />
      </>
    );
  }

  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs" data-testid="template-list">
      <Flex gap="3" px="4" py="3" borderBottomWidth="1px" align="center" wrap="wrap" minH="14">
        {selected.size > 0 ? (
          <HStack gap="2" flex="1" wrap="wrap" data-testid="selection-bar">
            <Text fontSize="sm" fontWeight="semibold" mr="2">
              {t('list.selected', { count: selected.size, n: number(selected.size) })}
            </Text>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setDialog({ kind: 'delete', templates: (rows ?? []).filter((template) => selected.has(template.id)) })}
              data-testid="bulk-delete"
            >
              <TrashIcon boxSize="4" />
              {t('action.delete')}
            </Button>
            <Button size="sm" variant="ghost" colorPalette="gray" onClick={() => select(new Set())}>
              {t('list.clearSelection')}
            </Button>
          </HStack>
        ) : (
          <>
            <Box flex="1" minW="56" maxW="md">
              <SearchInput size="sm" search={search} label={t('list.search')} maxLength={100} data-testid="template-search" />
            </Box>
            {kinds.length > 1 && <KindFilter kind={kind} kinds={kinds} />}
          </>
        )}
      </Flex>
      {content}
      {dialog?.kind === 'rename' && <RenameTemplateDialog template={dialog.template} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && <ShareTemplateDialog template={dialog.template} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteTemplatesDialog
          templates={dialog.templates}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            select(new Set());
            // The page may now be empty: start again from the newest templates.
            if (rows && dialog.templates.length >= rows.length) trail.reset();
          }}
        />
      )}
    </Box>
  );
}

/** The list API pages one kind at a time: SMS or MMS, or any kind in the advanced search. */
function KindFilter({ kind, kinds }: { kind: TemplateKind; kinds: readonly TemplateKind[] }) {
  const { t } = useTranslation('templates');
  const [, setParams] = useSearchParams();
  return (
    <ChoiceButtons<TemplateKind>
      value={kind}
      choices={kinds.map((value) => ({ value, label: t(`kind.${value}`) }))}
      onChange={(chosen) =>
        setParams(
          (params) => {
            params.set('kind', chosen);
            return params;
          },
          { replace: true },
        )
      }
      label={t('list.kindFilter')}
      testId="message-kind"
    />
  );
}
