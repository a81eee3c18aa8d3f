import { useState } from 'react';
import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../api/config.js';
import { ContactUsDialog } from './contact-us-dialog.js';

/** The page footer; left out on the full-height list pages (spec §2.2). */
export function Footer() {
  const { t } = useTranslation('shell');
  const config = useAppConfig();
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <Flex
      as="footer"
      px={{ base: '4', md: '8' }}
      py="4"
      gap="4"
      justify="space-between"
      align="center"
      wrap="wrap"
      fontSize="sm"
      color="fg.muted"
      borderTopWidth="1px"
      data-testid="footer"
    >
      <Text>{t('footer.copyright', { year: new Date().getFullYear(), name: t('common:app.name') })}</Text>
      <Flex gap="4" align="center">
        {config?.knowledgeBaseUrl && (
          <a href={config.knowledgeBaseUrl} target="_blank" rel="noreferrer">
            {t('user.knowledgeBase')}
          </a>
        )}
        <Button variant="plain" size="sm" p="0" h="auto" color="fg.muted" fontWeight="normal" onClick={() => setContactOpen(true)}>
          {t('user.contactUs')}
        </Button>
      </Flex>
      <ContactUsDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </Flex>
  );
}
