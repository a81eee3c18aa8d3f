/**
 * `/contacts/create-contact` and its alias `/contacts/edit-contact?id=` (spec §2.1): one form,
 * empty or filled from the contact's profile.
 */
import { Box, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { useContactDetails, useFieldSchemas } from '../../api/contacts.js';
import { useUserInfo } from '../../api/user.js';
import { PageLayout } from '../../components/page-layout.js';
import { ErrorPage } from '../../components/error-page.js';
import { ContactForm } from './components/contact-form.js';
import { ContactLimitAlert } from './components/contact-limit-alert.js';
import { LoadFailed } from './components/load-failed.js';
import { channelEntries, contactFormFromDetails, emptyContactForm } from './contact-form-model.js';
import { contactAddress } from '../../components/contacts/field-values.js';
import { contactPaths } from '../../paths/contacts.js';
import { defaultPhoneCountry } from '../../../../shared/domain/phone.js';
import { useContactPermissions } from './use-contact-permissions.js';

export default function ContactFormPage() {
  const { t } = useTranslation('contacts');
  const [params] = useSearchParams();
  const contactId = params.get('id');
  const permissions = useContactPermissions();
  const { user } = useUserInfo();
  const country = defaultPhoneCountry(user?.timezone);
  const fields = useFieldSchemas();
  const contact = useContactDetails(contactId);
  if (!permissions.canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  const details = contact.details;
  const channels = details && channelEntries(details);
  const failure = contactId ? contact.error : fields.error;

  let body;
  if (contactId && details) {
    body = (
      <ContactForm
        // Another contact's form starts afresh rather than keep this one's typing.
        key={details.contact.id}
        editing={{ id: details.contact.id, channels: channelEntries(details) }}
        initial={contactFormFromDetails(details, country)}
        schemas={details.schemas}
      />
    );
  } else if (!contactId && fields.schemas) {
    body = <ContactForm editing={null} initial={emptyContactForm(country)} schemas={fields.schemas} />;
  } else if (failure) {
    body = <LoadFailed error={failure} onRetry={() => void (contactId ? contact.refetch() : fields.refetch())} />;
  } else {
    body = (
      <Stack gap="5">
        <Skeleton h="48" rounded="xl" />
        <Skeleton h="32" rounded="xl" />
      </Stack>
    );
  }

  return (
    <PageLayout
      title={contactId ? t('form.editTitle') : t('form.createTitle')}
      subtitle={contactId ? (channels && contactAddress({ email: channels.email.address, mobile: channels.sms.address })) : t('form.createSubtitle')}
      back={contactId ? { to: contactPaths.profile(contactId), label: t('action.backToProfile') } : { to: contactPaths.list, label: t('action.backToList') }}
      testId="contact-form-page"
    >
      {!contactId && (
        <Box mb="5">
          <ContactLimitAlert />
        </Box>
      )}
      {body}
    </PageLayout>
  );
}
