/**
 * `/contacts/profile?id=` (spec §3 "Contact profile"): the contact's addresses with their
 * subscription and bounce states, its custom fields by name, the groups it is in, and when it
 * was created and last changed, in the user's time zone.
 */
import { useState } from 'react';
import { Badge, Box, Button, Flex, Grid, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { Channel, TContactDetailsResponse } from '../../../../shared/schemas/contacts.js';
import { useContactDetails } from '../../api/contacts.js';
import { EmailIcon, PencilIcon, SmsIcon, TrashIcon } from '../../components/icons.js';
import { PageLayout } from '../../components/page-layout.js';
import { useFormatters } from '../../format/use-formatters.js';
import { ErrorPage } from '../../components/error-page.js';
import { groupPaths } from '../../paths/groups.js';
import { BounceStatus } from './components/bounce-status.js';
import { SubscriptionBadge } from '../../components/contacts/channel-status.js';
import { DeleteContactsDialog } from './components/delete-contacts-dialog.js';
import { FormSection } from './components/form-section.js';
import { LoadFailed } from './components/load-failed.js';
import { channelEntries, profileEntry } from './contact-form-model.js';
import { contactAddress, displayAddress, formatFieldValue } from '../../components/contacts/field-values.js';
import { contactPaths } from '../../paths/contacts.js';
import { useContactPermissions } from './use-contact-permissions.js';

export default function ContactProfilePage() {
  const { t } = useTranslation('contacts');
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const permissions = useContactPermissions();
  const { details, error, refetch } = useContactDetails(permissions.canRead ? id : null);
  const [deleting, setDeleting] = useState(false);
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <ErrorPage code={ERROR_CODES.RECORD_NOT_FOUND} />;

  const channels = details && channelEntries(details);
  const title = (channels && contactAddress({ email: channels.email.address, mobile: channels.sms.address })) ?? t('profile.noAddress');

  return (
    <PageLayout
      title={details ? <span data-testid="profile-title">{title}</span> : <Skeleton h="9" w="72" maxW="full" />}
      subtitle={channels?.email.address && channels.sms.address ? displayAddress('sms', channels.sms.address) : undefined}
      back={{ to: contactPaths.list, label: t('action.backToList') }}
      testId="contact-profile-page"
      actions={
        details && (
          <>
            {permissions.canWrite && (
              <Button asChild variant="outline">
                <RouterLink to={contactPaths.edit(id)} data-testid="profile-edit">
                  <PencilIcon boxSize="4" />
                  {t('action.edit')}
                </RouterLink>
              </Button>
            )}
            {permissions.canDelete && (
              <Button variant="outline" colorPalette="red" onClick={() => setDeleting(true)} data-testid="profile-delete">
                <TrashIcon boxSize="4" />
                {t('action.delete')}
              </Button>
            )}
          </>
        )
      }
    >
      {details ? (
        <Profile details={details} canReset={permissions.canWrite} />
      ) : error ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="5">
          <Skeleton h="56" rounded="xl" />
          <Skeleton h="40" rounded="xl" />
        </Grid>
      )}
      {deleting && details && (
        <DeleteContactsDialog
          ids={[details.contact.id]}
          name={title}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(contactPaths.list, { replace: true })}
        />
      )}
    </PageLayout>
  );
}

function Profile({ details, canReset }: { details: TContactDetailsResponse; canReset: boolean }) {
  const { t } = useTranslation('contacts');
  const { dateTime, date, locale } = useFormatters();
  const { contact, schemas } = details;

  const channels = channelEntries(details);

  const channelRow = (channel: Channel) => {
    const { address: stored, subscribe, bounce } = channels[channel];
    const address = stored && displayAddress(channel, stored);
    const Icon = channel === 'email' ? EmailIcon : SmsIcon;
    return (
      <Flex gap="3" py="3" align="start" borderBottomWidth={channel === 'email' ? '1px' : undefined} data-testid={`profile-${channel}`}>
        <Flex boxSize="9" rounded="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center" flexShrink="0">
          <Icon boxSize="4.5" />
        </Flex>
        <Stack gap="1" minW="0" flex="1">
          <Text fontSize="xs" color="fg.muted">
            {t(channel === 'email' ? 'form.email' : 'form.mobile')}
          </Text>
          {address ? (
            <>
              <Text fontWeight="medium" wordBreak="break-all" data-testid={`profile-${channel}-value`}>
                {address}
              </Text>
              <HStack gap="2" wrap="wrap">
                <SubscriptionBadge subscribe={subscribe} testId={`profile-${channel}-subscription`} />
                <BounceStatus contactId={contact.id} channel={channel} address={address} bounce={bounce} canReset={canReset} />
              </HStack>
            </>
          ) : (
            <Text color="fg.subtle">{t('profile.none')}</Text>
          )}
        </Stack>
      </Flex>
    );
  };

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
      <Stack gap="5">
        <FormSection title={t('form.addresses')}>
          {channelRow('email')}
          {channelRow('sms')}
        </FormSection>
        <FormSection title={t('form.customFields')} testId="profile-fields">
          {schemas.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('form.noFields')}
            </Text>
          ) : (
            <Grid as="dl" templateColumns={{ base: '1fr', sm: 'minmax(8rem, 1fr) 2fr' }} columnGap="6" rowGap={{ base: '1', sm: '3' }}>
              {schemas.map((field) => {
                const text = formatFieldValue(field, profileEntry(contact.custom, field.id)?.value, locale);
                return (
                  <Box key={field.id} display="contents" data-testid="profile-field" data-field={field.id}>
                    <Text as="dt" fontSize="sm" color="fg.muted" mt={{ base: '2', sm: '0' }}>
                      {field.name}
                    </Text>
                    <Text as="dd" fontSize="sm" color={text ? undefined : 'fg.subtle'} wordBreak="break-word">
                      {text || '—'}
                    </Text>
                  </Box>
                );
              })}
            </Grid>
          )}
        </FormSection>
      </Stack>
      <Stack gap="5">
        <FormSection title={t('form.groups')} testId="profile-groups">
          {contact.groups.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('profile.noGroups')}
            </Text>
          ) : (
            <Stack gap="2" as="ul" listStyleType="none">
              {contact.groups.map((group) => (
                <HStack as="li" key={group.id} justify="space-between" gap="3">
                  <Link asChild color="brand.fg" fontWeight="medium">
                    <RouterLink to={groupPaths.details(group.id)}>{group.name}</RouterLink>
                  </Link>
                  <Badge size="sm" variant="subtle" colorPalette={group.type === 'D' ? 'cyan' : 'gray'}>
                    {t(group.type === 'D' ? 'profile.autoGroup' : 'profile.snapshotGroup')}
                  </Badge>
                </HStack>
              ))}
            </Stack>
          )}
        </FormSection>
        <FormSection title={t('profile.history')}>
          <Grid as="dl" templateColumns="auto 1fr" columnGap="6" rowGap="2" fontSize="sm">
            <Text as="dt" color="fg.muted">
              {t('column.createTime')}
            </Text>
            <Text as="dd" title={date(contact.createTime)} data-testid="profile-created">
              {dateTime(contact.createTime)}
            </Text>
            <Text as="dt" color="fg.muted">
              {t('column.updateTime')}
            </Text>
            <Text as="dd" title={date(contact.updateTime)} data-testid="profile-updated">
              {dateTime(contact.updateTime)}
            </Text>
          </Grid>
        </FormSection>
      </Stack>
    </Grid>
  );
}
