/**
 * `/groups/create-group` and its alias `/groups/modify-group?id=` (spec §2.1): a group's name and
 * type; an auto-update group also its conditions, with a live count of the contacts they select.
 * A snapshot group gets its members on its details page once it exists. The type of an existing
 * group never changes (the API renames and re-conditions only).
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ApiError } from '../../api/errors.js';
import { createGroup, updateGroup, useGroup, type GroupType, type TGroup } from '../../api/groups.js';
import { ConditionBuilder } from '../../components/conditions/condition-builder.js';
import { draftFromTree, emptyDraft, hasProblems, treeFromDraft, validateDraft } from '../../components/conditions/condition-draft.js';
import { DraftMatchCount } from '../../components/conditions/match-count.js';
import { useConditionOptions } from '../../components/conditions/use-condition-options.js';
import { PageLayout } from '../../components/page-layout.js';
import { notify } from '../../components/toaster.js';
import { ErrorPage } from '../../components/error-page.js';
import { GroupNameField, useGroupName } from './components/group-name-field.js';
import { GroupTypeBadge } from '../../components/groups/group-type.js';
import { GroupTypeChoice } from './components/group-type-choice.js';
import { groupPaths } from '../../paths/groups.js';
import { useGroupPermissions } from '../../components/groups/use-group-permissions.js';

export default function GroupFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { canWrite, canReadContacts } = useGroupPermissions();
  if (!canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  // Another group's id starts a fresh form.
  return id ? <ModifyGroup key={id} id={id} canCount={canReadContacts} /> : <GroupForm group={null} canCount={canReadContacts} />;
}

/** `canCount`: the user may count contacts (contacts/count needs read access to contacts). */
type FormProps = { canCount: boolean };

function ModifyGroup({ id, canCount }: { id: string } & FormProps) {
  const { group, error } = useGroup(id);
  if (error) return <ErrorPage code={error instanceof ApiError ? error.code : undefined} />;
  if (!group) return <FormSkeleton />;
  if (!group.editable) return <ErrorPage code={ERROR_CODES.GROUP_NOT_EDITABLE} />;
  return <GroupForm group={group} canCount={canCount} />;
}

function GroupForm({ group, canCount }: { group: TGroup | null } & FormProps) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const name = useGroupName(group?.name);
  const [type, setType] = useState<GroupType>(group?.type ?? 'S');
  const [draft, setDraft] = useState(() => (group?.conditions ? draftFromTree(group.conditions) : emptyDraft()));
  // Problems show once the user has tried to save, then follow every edit.
  const [triedToSave, setTriedToSave] = useState(false);
  const [saving, setSaving] = useState(false);
  const options = useConditionOptions(group?.id);
  const usesConditions = type === 'D';
  const problems = triedToSave && usesConditions && options.fields ? validateDraft(draft, options.fields, options.groups) : null;
  const back = group ? { to: groupPaths.details(group.id), label: group.name } : { to: groupPaths.list, label: t('list.title') };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedName = name.check();
    setTriedToSave(true);
    const found = usesConditions && options.fields ? validateDraft(draft, options.fields, options.groups) : null;
    if (checkedName === null || (found && hasProblems(found)) || (usesConditions && !options.fields)) return;
    const conditions = usesConditions && options.fields ? treeFromDraft(draft, options.fields) : undefined;

    setSaving(true);
    try {
      const saved = group
        ? await updateGroup(group.id, { name: checkedName, ...(conditions && { conditions }) })
        : await createGroup(conditions ? { type: 'D', name: checkedName, conditions } : { type: 'S', name: checkedName });
      notify({ type: 'success', title: t(group ? 'form.saved' : 'form.created', { name: saved.name }) });
      navigate(groupPaths.details(saved.id), { replace: group !== null });
    } catch (error) {
      name.fail(error);
      setSaving(false);
    }
  };

  return (
    <PageLayout
      title={group ? t('form.modifyTitle') : t('form.createTitle')}
      subtitle={group ? group.name : t('form.createSubtitle')}
      back={back}
      maxW="5xl"
      testId="group-form"
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={group ? t('form.modifyTitle') : t('form.createTitle')}>
        <Stack gap="5">
          <Card.Root>
            <Card.Body>
              <Stack gap="5">
                <GroupNameField state={name} autoFocus={!group} />
                {group ? (
                  <HStack gap="2">
                    <Text fontSize="sm" fontWeight="medium">
                      {t('form.type')}
                    </Text>
                    <GroupTypeBadge type={group.type} />
                  </HStack>
                ) : (
                  <GroupTypeChoice value={type} onChange={setType} />
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
          {usesConditions ? (
            <Card.Root>
              <Card.Header>
                <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
                  <Heading as="h2" size="md">
                    {t('form.conditions')}
                  </Heading>
                  {options.fields && canCount && <DraftMatchCount draft={draft} fields={options.fields} groups={options.groups} />}
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {t('form.conditionsHint')}
                </Text>
              </Card.Header>
              <Card.Body>
                {options.fields ? (
                  <ConditionBuilder draft={draft} onChange={setDraft} fields={options.fields} groups={options.groups} problems={problems} />
                ) : (
                  <Skeleton h="24" rounded="md" />
                )}
              </Card.Body>
            </Card.Root>
          ) : (
            !group && (
              <Box borderWidth="1px" borderStyle="dashed" rounded="xl" px="5" py="4" color="fg.muted" fontSize="sm">
                {t('form.snapshotNext')}
              </Box>
            )
          )}
          <HStack justify="flex-end" gap="3">
            <Button variant="outline" onClick={() => navigate(back.to)} disabled={saving}>
              {t('common:action.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="group-form-submit">
              {group ? t('form.save') : t('form.create')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </PageLayout>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="4" px={{ base: '4', md: '8' }} py="8" maxW="5xl" mx="auto">
      <Skeleton h="10" w="60" />
      <Skeleton h="40" rounded="xl" />
    </Stack>
  );
}
