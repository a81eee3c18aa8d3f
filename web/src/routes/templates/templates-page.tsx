/** `/templates` (spec §2.1): the account's templates, email (`?tab=0`) or SMS and MMS (`?tab=1`), and those shared with it (`?tab=shared`). */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { LinkTabs } from '../../components/link-tabs.js';
import { PageLayout } from '../../components/page-layout.js';
import { ErrorPage } from '../../components/error-page.js';
import { CreateTemplateMenu } from './components/create-template-menu.js';
import { PendingSharesNotice, SHARED_WITH_ME_PATH, SharedWithMe } from './components/share-received.js';
import { TemplateList } from '../../components/templates/template-list.js';
import { templatePaths } from '../../paths/templates.js';
import { useTemplatePermissions } from '../../components/templates/use-template-permissions.js';

export default function TemplatesPage() {
  const { t } = useTranslation('templates');
  const [params] = useSearchParams();
  const permissions = useTemplatePermissions();
  const tab = params.get('tab') === '1' ? 'message' : params.get('tab') === 'shared' ? 'shared' : 'email';
  const kind = tab === 'email' ? 'email' : params.get('kind') === 'mms' ? 'mms' : 'sms';
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  const tabs = [
    { key: 'email', to: templatePaths.list('email'), label: t('tabs.email'), testId: 'tab-email' },
    { key: 'message', to: templatePaths.list('message'), label: t('tabs.message'), testId: 'tab-message' },
    { key: 'shared', to: SHARED_WITH_ME_PATH, label: t('shared.tab'), testId: 'tab-shared' },
  ];
  return (
    <PageLayout title={t('list.title')} subtitle={t('list.subtitle')} maxW="7xl" testId="templates-page" actions={permissions.canWrite && <CreateTemplateMenu />}>
      <LinkTabs tabs={tabs} current={tab} label={t('tabs.label')} />
      {tab === 'shared' ? (
        <SharedWithMe permissions={permissions} />
      ) : (
        <>
          <PendingSharesNotice />
          {/* Keyed by kind: a selection and the pages seen belong to one list. */}
          <TemplateList key={kind} kind={kind} permissions={permissions} />
        </>
      )}
    </PageLayout>
  );
}
