import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../components/icons.js';
import { useVerifyDialog } from './verify-dialog-context.js';

/** The unverified-account reminder (spec §2.5): a strip under the header; a click opens the verify dialog. */
export function UnverifiedReminder() {
  const { t } = useTranslation('shell');
  const openVerify = useVerifyDialog();
  return (
    <Flex
      asChild
      w="full"
      bg="orange.50"
      color="orange.800"
      borderBottomWidth="1px"
      borderColor="orange.200"
      px={{ base: '4', md: '6' }}
      py="2"
      gap="3"
      align="center"
      cursor="pointer"
      _hover={{ bg: 'orange.100' }}
      textAlign="start"
      data-testid="unverified-reminder"
    >
      <button type="button" onClick={openVerify}>
        <WarningIcon boxSize="4.5" color="orange.600" flexShrink="0" />
        <Text fontSize="sm" flex="1">
          {t('unverified.message')}
        </Text>
        <Button as="span" size="xs" colorPalette="orange" variant="solid">
          {t('user.verifyNow')}
        </Button>
      </button>
    </Flex>
  );
}
