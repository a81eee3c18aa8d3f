/** The custom fields tab (`/contacts?tab=1`): every field with its type and choices; create, edit, delete. */
import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import type { TFieldSchema } from '../../../../../shared/schemas/contacts.js';
import { deleteField, useFieldSchemas } from '../../../api/contacts.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { FieldsIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../components/list-states.js';
import { notify } from '../../../components/toaster.js';
import { isChoiceType } from '../field-form-model.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { FieldEditorDialog } from './field-editor-dialog.js';

/** How many choices a row shows before "+N more". */
const CHOICES_SHOWN = 6;

type Dialog = { kind: 'edit'; field: TFieldSchema | null } | { kind: 'delete'; field: TFieldSchema } | null;

export function FieldManager() {
  const { t } = useTranslation('contacts');
  const { schemas, error, refetch } = useFieldSchemas();
  const permissions = useContactPermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const atLimit = (schemas?.length ?? 0) >= CONTACT_LIMITS.customFields;

  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" shadow="xs" overflow="hidden" data-testid="field-manager">
      <Flex gap="3" px="4" py="3" borderBottomWidth="1px" align="center" justify="space-between" wrap="wrap" minH="14">
        <Text fontSize="sm" color="fg.muted">
          {schemas && t('fields.count', { n: schemas.length, max: CONTACT_LIMITS.customFields })}
        </Text>
        {permissions.canWrite && (
          <Button size="sm" onClick={() => setDialog({ kind: 'edit', field: null })} disabled={!schemas || atLimit} data-testid="new-field">
            <PlusIcon boxSize="4" />
            {t('fields.new')}
          </Button>
        )}
      </Flex>
      {!schemas ? (
        error ? (
          <ListError title={t('fields.loadFailed')} onRetry={() => void refetch()} testId="fields-error" />
        ) : (
          <ListSkeleton rows={3} />
        )
      ) : schemas.length === 0 ? (
        <ListMessage icon={FieldsIcon} title={t('fields.empty')} text={t('fields.emptyHint')} testId="fields-empty" />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="field-table">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('fields.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fields.type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fields.choices')}</Table.ColumnHeader>
                <Table.ColumnHeader w="24">
                  <Box as="span" srOnly>
                    {t('list.actions')}
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {schemas.map((field) => (
                <FieldRow
                  key={field.id}
                  field={field}
                  canEdit={permissions.canWrite}
                  canDelete={permissions.canDelete}
                  onEdit={() => setDialog({ kind: 'edit', field })}
                  onDelete={() => setDialog({ kind: 'delete', field })}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {dialog?.kind === 'edit' && schemas && <FieldEditorDialog field={dialog.field} schemas={schemas} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('fields.deleteTitle', { name: dialog.field.name })}
          confirmLabel={t('action.delete')}
          destructive
          testId="delete-field-dialog"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deleteField(dialog.field.id);
            notify({ type: 'success', title: t('fields.deleted', { name: dialog.field.name }) });
            setDialog(null);
          }}
        >
          <Text>{t('fields.deleteMessage')}</Text>
        </ConfirmDialog>
      )}
    </Box>
  );
}

type RowProps = { field: TFieldSchema; canEdit: boolean; canDelete: boolean; onEdit(): void; onDelete(): void };

function FieldRow({ field, canEdit, canDelete, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('contacts');
  const hidden = field.choices.length - CHOICES_SHOWN;
  return (
    <Table.Row data-testid="field-row" data-id={field.id}>
      <Table.Cell fontWeight="medium">{field.name}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Badge variant="subtle" colorPalette={isChoiceType(field.type) ? 'purple' : 'gray'}>
          {t(`fieldType.${field.type}`)}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        {isChoiceType(field.type) ? (
          field.choices.length === 0 ? (
            <Text fontSize="sm" color="fg.error">
              {t('errors:VALIDATE_NO_CHOICES')}
            </Text>
          ) : (
            <HStack gap="1" wrap="wrap">
              {field.choices.slice(0, CHOICES_SHOWN).map((choice) => (
                <Badge key={choice.id} size="sm" variant="outline" colorPalette="gray">
                  {choice.label}
                </Badge>
              ))}
              {hidden > 0 && (
                <Text as="span" fontSize="xs" color="fg.muted">
                  {t('fields.moreChoices', { n: hidden })}
                </Text>
              )}
            </HStack>
          )
        ) : (
          <Text as="span" color="fg.subtle">
            —
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {canEdit && (
          <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('fields.edit', { name: field.name })} onClick={onEdit} data-testid="field-edit">
            <PencilIcon boxSize="4" />
          </IconButton>
        )}
        {canDelete && (
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('fields.delete', { name: field.name })} onClick={onDelete} data-testid="field-delete">
            <TrashIcon boxSize="4" />
          </IconButton>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
