/** `/contacts` (spec §2.1): the contact list (`?tab=0`) and the custom fields (`?tab=1`). */
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { DownloadIcon, PlusIcon } from '../../components/icons.js';
import { PageLayout } from '../../components/page-layout.js';
import { ErrorPage } from '../../components/error-page.js';
import { ExportButton } from '../../components/exports/export-button.js';
import { ContactList } from './components/contact-list.js';
import { ContactsTabs } from './components/contacts-tabs.js';
import { FieldManager } from './components/field-manager.js';
import { contactPaths } from '../../paths/contacts.js';
import { useContactPermissions } from './use-contact-permissions.js';

export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  const [params] = useSearchParams();
  const permissions = useContactPermissions();
  const tab = params.get('tab') === '1' ? 'fields' : 'contacts';
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  return (
    <PageLayout
      title={t('title')}
      subtitle={t(tab === 'fields' ? 'fields.subtitle' : 'subtitle')}
      maxW="7xl"
      testId="contacts-page"
      actions={
        <>
          {tab === 'contacts' && <ExportButton source={{ kind: 'list', quickSearch: params.get('q') ?? undefined }} label={t('action.export')} testId="export-contacts" />}
          {permissions.canWrite && (
            <>
              <Button asChild variant="outline">
                <RouterLink to={contactPaths.importContacts} data-testid="import-contacts">
                  <DownloadIcon boxSize="4" />
                  {t('action.import')}
                </RouterLink>
              </Button>
              <Button asChild>
                <RouterLink to={contactPaths.create} data-testid="create-contact">
                  <PlusIcon boxSize="4" />
                  {t('action.create')}
                </RouterLink>
              </Button>
            </>
          )}
        </>
      }
    >
      <ContactsTabs current={tab} />
      {tab === 'fields' ? <FieldManager /> : <ContactList />}
    </PageLayout>
  );
}
