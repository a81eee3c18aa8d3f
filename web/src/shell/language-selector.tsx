/** The UI language selector of the header (spec §2.2): saves the choice on the server and here. */
import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/constants.js';
import { saveUiLanguage } from '../api/session.js';
import { useUserInfo } from '../api/user.js';
import { showError } from '../components/error-dialog.js';
import { GlobeIcon } from '../components/icons.js';
import { notify } from '../components/toaster.js';
import { applyLanguage, isLanguage } from '../i18n/index.js';

/** Each language is named in itself, so a reader can find their own whatever the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文（香港）',
  'zh-TW': '繁體中文（台灣）',
};

export function LanguageSelector() {
  const { t, i18n } = useTranslation('shell');
  const { mutate } = useUserInfo();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';

  const choose = async (language: Language) => {
    if (language === current) return;
    try {
      await saveUiLanguage(language);
      await applyLanguage(language);
      void mutate();
      notify({ type: 'success', title: t('header.languageChanged', { lng: language, language: LANGUAGE_NAMES[language] }) });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => isLanguage(details.value) && void choose(details.value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="gray" size="sm" aria-label={t('common:header.language')} data-testid="language-button">
          <GlobeIcon boxSize="4.5" />
          <Box as="span" display={{ base: 'none', md: 'inline' }}>
            {LANGUAGE_NAMES[current]}
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.RadioItemGroup value={current}>
              {LANGUAGES.map((language) => (
                <Menu.RadioItem key={language} value={language} data-testid={`language-${language}`}>
                  {LANGUAGE_NAMES[language]}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
