import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The product mark and name (the name gives way on small screens). */
export function Logo() {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" gap="2.5">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#5b3fd6" />
        <path d="M7 11.5 16 17l9-5.5V22a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z" fill="#fff" opacity=".9" />
        <path d="M7 10a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v.3L16 16 7 10.3z" fill="#fff" />
      </svg>
      <Text fontWeight="bold" fontSize="lg" letterSpacing="-0.01em" color="fg" display={{ base: 'none', sm: 'block' }}>
        {t('app.name')}
      </Text>
    </Flex>
  );
}
