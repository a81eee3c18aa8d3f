import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The full-area loading state (spec §2.2: the shell spins until the user info has loaded). */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Center minH={fullScreen ? '100vh' : '60vh'} data-testid="page-spinner">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" aria-label={t('state.loading')} />
    </Center>
  );
}
