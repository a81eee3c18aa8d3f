/**
 * "Add to group": puts the selected contacts in a snapshot group, an existing one (filtered by
 * name) or a new one named here. Auto-update groups and system lists choose their own members,
 * so they are not offered.
 */
import { useState } from 'react';
import { Box, Button, chakra, Field, Flex, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import { changeGroupMembers, createGroup } from '../../../api/groups.js';
import { showError } from '../../../components/error-dialog.js';
import { FormDialog } from '../../../components/form-dialog.js';
import { notify } from '../../../components/toaster.js';
import { fieldErrorMessage } from '../../../errors/error-messages.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { useSnapshotGroupFilter } from '../use-snapshot-group-filter.js';

type Props = { contactIds: readonly string[]; onClose(): void; onAdded(): void };
type Target = { kind: 'existing'; groupId: string | null } | { kind: 'new'; name: string };

export function AddToGroupDialog({ contactIds, onClose, onAdded }: Props) {
  const { t } = useTranslation(['contacts', 'errors']);
  const { number } = useFormatters();
  const { groups, shown, filter, setFilter, isLoading } = useSnapshotGroupFilter();
  const [target, setTarget] = useState<Target>({ kind: 'existing', groupId: null });
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const ready = target.kind === 'existing' ? target.groupId !== null : target.name.trim() !== '';

  const save = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      const group =
        target.kind === 'existing' && target.groupId
          ? await changeGroupMembers(target.groupId, { add: [...contactIds] })
          : await createGroup({ type: 'S', name: target.kind === 'new' ? target.name.trim() : '', contactIds: [...contactIds] });
      notify({ type: 'success', title: t('addToGroup.added', { count: contactIds.length, n: number(contactIds.length), group: group.name }) });
      onAdded();
    } catch (error) {
      // A taken name belongs under the name field (ERROR_RECORD_NAME_EXISTS).
      const message = target.kind === 'new' ? fieldErrorMessage(error, t, 'group') : null;
      if (message) setNameError(message);
      else showError(error, { entity: 'group' });
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('addToGroup.title')}
      header={
        <Text fontSize="sm" color="fg.muted">
          {t('addToGroup.subtitle', { count: contactIds.length, n: number(contactIds.length) })}
        </Text>
      }
      submitLabel={t(target.kind === 'new' ? 'addToGroup.create' : 'addToGroup.add')}
      submitTestId="add-to-group-confirm"
      canSubmit={ready}
      busy={saving}
      onSubmit={() => void save()}
      onClose={onClose}
      maxW="md"
      testId="add-to-group-dialog"
    >
      <Flex gap="1" p="1" bg="bg.muted" rounded="md" mb="4" role="radiogroup" aria-label={t('addToGroup.title')}>
        {(['existing', 'new'] as const).map((kind) => (
          <Button
            key={kind}
            flex="1"
            size="sm"
            variant={target.kind === kind ? 'surface' : 'ghost'}
            colorPalette={target.kind === kind ? undefined : 'gray'}
            role="radio"
            aria-checked={target.kind === kind}
            onClick={() => setTarget(kind === 'existing' ? { kind, groupId: null } : { kind, name: '' })}
            data-testid={`add-to-group-${kind}`}
          >
            {t(`addToGroup.${kind}`)}
          </Button>
        ))}
      </Flex>
      {target.kind === 'existing' ? (
        <Stack gap="3">
          <Input size="sm" placeholder={t('addToGroup.filter')} value={filter} onChange={(event) => setFilter(event.target.value)} aria-label={t('addToGroup.filter')} />
          <Box borderWidth="1px" rounded="md" maxH="64" overflowY="auto" role="radiogroup" aria-label={t('addToGroup.groups')}>
            {isLoading ? (
              <Flex justify="center" py="6">
                <Spinner size="sm" color="brand.solid" />
              </Flex>
            ) : shown.length === 0 ? (
              <Text px="3" py="6" textAlign="center" fontSize="sm" color="fg.muted">
                {t(groups?.length ? 'addToGroup.noMatch' : 'addToGroup.none')}
              </Text>
            ) : (
              shown.map((group) => {
                const chosen = target.groupId === group.id;
                return (
                  <chakra.button
                    key={group.id}
                    type="button"
                    display="flex"
                    role="radio"
                    aria-checked={chosen}
                    w="full"
                    px="3"
                    py="2"
                    justifyContent="space-between"
                    alignItems="center"
                    textAlign="start"
                    fontSize="sm"
                    bg={chosen ? 'brand.subtle' : undefined}
                    color={chosen ? 'brand.fg' : undefined}
                    fontWeight={chosen ? 'semibold' : undefined}
                    _hover={{ bg: chosen ? 'brand.subtle' : 'bg.muted' }}
                    borderBottomWidth="1px"
                    _last={{ borderBottomWidth: 0 }}
                    onClick={() => setTarget({ kind: 'existing', groupId: group.id })}
                    data-testid="add-to-group-option"
                  >
                    <Text as="span" lineClamp="1">
                      {group.name}
                    </Text>
                    {group.count !== null && (
                      <Text as="span" color="fg.muted" fontSize="xs" flexShrink="0">
                        {t('addToGroup.members', { n: number(group.count) })}
                      </Text>
                    )}
                  </chakra.button>
                );
              })
            )}
          </Box>
        </Stack>
      ) : (
        <Field.Root invalid={nameError !== null}>
          <Field.Label>{t('addToGroup.name')}</Field.Label>
          <Input
            autoFocus
            maxLength={CONTACT_LIMITS.groupNameLength}
            value={target.name}
            onChange={(event) => {
              setTarget({ kind: 'new', name: event.target.value });
              setNameError(null);
            }}
            data-testid="add-to-group-name"
          />
          {nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : <Field.HelperText>{t('addToGroup.newHint')}</Field.HelperText>}
        </Field.Root>
      )}
    </FormDialog>
  );
}
