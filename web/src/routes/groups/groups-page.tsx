/** `/groups` (spec §2.1): every group, the system lists first, with search, type filter and paging. */
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { PlusIcon, SearchIcon } from '../../components/icons.js';
import { PageLayout } from '../../components/page-layout.js';
import { ErrorPage } from '../../components/error-page.js';
import { searchPaths } from '../../paths/search.js';
import { GroupList } from '../../components/groups/group-list.js';
import { groupPaths } from '../../paths/groups.js';
import { useGroupPermissions } from '../../components/groups/use-group-permissions.js';

export default function GroupsPage() {
  const { t } = useTranslation('groups');
  const permissions = useGroupPermissions();
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  return (
    <PageLayout
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      testId="groups-page"
      actions={
        <>
          {permissions.canReadContacts && (
            <Button asChild variant="outline">
              <RouterLink to={searchPaths.contacts()}>
                <SearchIcon boxSize="4" />
                {t('list.advancedSearch')}
              </RouterLink>
            </Button>
          )}
          {permissions.canWrite && (
            <Button asChild>
              <RouterLink to={groupPaths.create} data-testid="create-group">
                <PlusIcon boxSize="4" />
                {t('list.create')}
              </RouterLink>
            </Button>
          )}
        </>
      }
    >
      <GroupList permissions={permissions} />
    </PageLayout>
  );
}
