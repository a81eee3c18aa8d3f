/** The language menu of the header and the public pages; what a choice does is the caller's. */
import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/constants.js';
import { isLanguage } from '../i18n/index.js';
import { GlobeIcon } from './icons.js';

/** Each language is named in itself, so a reader can find their own whatever the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文（香港）',
  'zh-TW': '繁體中文（台灣）',
};

export function LanguageMenu({ onChoose }: { onChoose: (language: Language) => void }) {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.language) ? i18n.language : 'en';

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => isLanguage(details.value) && details.value !== current && onChoose(details.value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="gray" size="sm" aria-label={t('header.language')} data-testid="language-button">
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
                <Menu.RadioItem key={language} value={language} lang={language} data-testid={`language-${language}`}>
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
