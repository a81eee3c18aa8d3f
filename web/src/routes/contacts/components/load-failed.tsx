/** A contact page whose data could not be loaded: why (the error's own words), retry, and the way back. */
import { Box, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { toApiError } from '../../../api/errors.js';
import { WarningIcon } from '../../../components/icons.js';
import { ListMessage } from '../../../components/list-states.js';
import { describeError } from '../../../errors/error-messages.js';
import { contactPaths } from '../../../paths/contacts.js';

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('contacts');
  const { t: tErrors } = useTranslation('errors');
  const description = describeError(error, tErrors, 'contact');
  // A deleted contact will not come back on a retry.
  const isGone = toApiError(error).code === ERROR_CODES.RECORD_NOT_FOUND;
  return (
    <Box bg="bg" borderWidth="1px" rounded="xl">
      <ListMessage icon={WarningIcon} tone="error" title={description?.message ?? t('list.loadFailed')} text={description?.code ? tErrors('code', { code: description.code }) : undefined} testId="contact-load-failed">
        <HStack gap="2">
          {!isGone && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('common:action.retry')}
            </Button>
          )}
          <Button asChild size="sm" variant={isGone ? 'solid' : 'ghost'}>
            <RouterLink to={contactPaths.list}>{t('action.backToList')}</RouterLink>
          </Button>
        </HStack>
      </ListMessage>
    </Box>
  );
}
