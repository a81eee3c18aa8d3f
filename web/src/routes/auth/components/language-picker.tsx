/**
 * The language choice of the public pages: the header selector's look and names, but the choice
 * stays in this browser (there is no account yet to save it on; sign-up sends it along).
 */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../../../shared/constants.js';
import { GlobeIcon } from '../../../components/icons.js';
import { applyLanguage, isLanguage } from '../../../i18n/index.js';
import { LANGUAGE_NAMES } from '../../../shell/language-selector.js';

export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.language) ? i18n.language : 'en';

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => isLanguage(details.value) && void applyLanguage(details.value)}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('header.language')} data-testid="language-button">
          <GlobeIcon boxSize="4.5" />
          <span>{LANGUAGE_NAMES[current]}</span>
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
