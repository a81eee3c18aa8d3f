/** The last code to this address bounced: say so, with the mail server's details on demand. */
import { Alert, Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BounceNotice } from '../use-verification.js';

export function BounceAlert({ bounce, email }: { bounce: BounceNotice; email: string }) {
  const { t } = useTranslation('auth');

  return (
    <Alert.Root status="warning" variant="subtle" data-testid="verification-bounce">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{t('verify.bounce.title', { email })}</Alert.Title>
        <Alert.Description>
          <Text>{bounce.message}</Text>
          {bounce.details && (
            <Box as="details" mt="1" fontSize="xs" color="fg.muted">
              <Box as="summary" cursor="pointer">
                {t('verify.bounce.details')}
              </Box>
              <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
                {bounce.details}
              </Text>
            </Box>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
