/**
 * `/groups/save-group?type=&conditions=&quickSearch=` (spec §2.1): saves an advanced search as a
 * group. An auto-update group keeps the conditions and is regenerated on every use; a snapshot
 * group keeps the contacts the search selects now.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TContactFilter } from '../../../../shared/schemas/contact-search.js';
import { createGroup, type GroupType } from '../../api/groups.js';
import { ConditionSummary } from '../../components/conditions/condition-summary.js';
import { filterFromParams } from '../../components/conditions/filter-params.js';
import { MatchCount } from '../../components/conditions/match-count.js';
import { SearchIcon } from '../../components/icons.js';
import { ListMessage } from '../../components/list-states.js';
import { PageLayout } from '../../components/page-layout.js';
import { notify } from '../../components/toaster.js';
import { ErrorPage } from '../../components/error-page.js';
import { searchPaths } from '../../paths/search.js';
import { GroupNameField, useGroupName } from './components/group-name-field.js';
import { GroupTypeChoice } from './components/group-type-choice.js';
import { groupPaths } from '../../paths/groups.js';
import { useGroupPermissions } from '../../components/groups/use-group-permissions.js';

export default function SaveGroupPage() {
  const { t } = useTranslation('groups');
  const [params] = useSearchParams();
  const { canWrite, canReadContacts } = useGroupPermissions();
  const filter = filterFromParams(params);
  if (!canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!filter) {
    return (
      <PageLayout title={t('save.title')} testId="save-group" maxW="4xl">
        <ListMessage icon={SearchIcon} title={t('save.nothing')} text={t('save.nothingHint')} testId="save-group-nothing">
          <Button asChild size="sm">
            <RouterLink to={searchPaths.contacts()}>{t('list.advancedSearch')}</RouterLink>
          </Button>
        </ListMessage>
      </PageLayout>
    );
  }
  return <SaveSearch filter={filter} requestedType={params.get('type') === 'S' ? 'S' : 'D'} canCount={canReadContacts} />;
}

function SaveSearch({ filter, requestedType, canCount }: { filter: TContactFilter; requestedType: GroupType; canCount: boolean }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const name = useGroupName();
  // A text search alone is no condition an auto-update group could keep.
  const [type, setType] = useState<GroupType>(filter.conditions ? requestedType : 'S');
  const [saving, setSaving] = useState(false);
  const searchPath = searchPaths.contacts(filter);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedName = name.check();
    if (checkedName === null) return;
    setSaving(true);
    try {
      const group = await createGroup(
        type === 'D' && filter.conditions ? { type: 'D', name: checkedName, conditions: filter.conditions } : { type: 'S', name: checkedName, fromSearch: filter },
      );
      notify({ type: 'success', title: t('form.created', { name: group.name }) });
      navigate(groupPaths.details(group.id));
    } catch (error) {
      name.fail(error);
      setSaving(false);
    }
  };

  return (
    <PageLayout title={t('save.title')} subtitle={t('save.subtitle')} back={{ to: searchPath, label: t('save.back') }} maxW="4xl" testId="save-group">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('save.title')}>
        <Stack gap="5">
          <Card.Root size="sm">
            <Card.Body>
              <Stack gap="3">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Heading as="h2" size="sm">
                    {t('save.search')}
                  </Heading>
                  {canCount && <MatchCount filter={filter} fontSize="sm" fontWeight="medium" />}
                </HStack>
                {filter.conditions && <ConditionSummary tree={filter.conditions} />}
                {filter.quickSearch && (
                  <Text fontSize="sm" data-testid="save-group-quick-search">
                    {t('save.quickSearch', { text: filter.quickSearch })}
                  </Text>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body>
              <Stack gap="5">
                <GroupTypeChoice value={type} onChange={setType} unavailable={filter.conditions ? {} : { D: t('save.autoNeedsConditions') }} />
                {type === 'D' && filter.quickSearch && (
                  <Alert.Root status="warning" size="sm">
                    <Alert.Indicator />
                    <Alert.Title>{t('save.quickSearchDropped', { text: filter.quickSearch })}</Alert.Title>
                  </Alert.Root>
                )}
                <GroupNameField state={name} autoFocus />
              </Stack>
            </Card.Body>
          </Card.Root>
          <HStack justify="flex-end" gap="3">
            <Button variant="outline" onClick={() => navigate(searchPath)} disabled={saving}>
              {t('common:action.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="save-group-submit">
              {t(type === 'D' ? 'save.submitAuto' : 'save.submitSnapshot')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </PageLayout>
  );
}
