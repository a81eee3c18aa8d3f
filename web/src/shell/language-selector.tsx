/** The UI language selector of the header (spec §2.2): saves the choice on the server and here. */
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/constants.js';
import { saveUiLanguage } from '../api/session.js';
import { useUserInfo } from '../api/user.js';
import { showError } from '../components/error-dialog.js';
import { LANGUAGE_NAMES, LanguageMenu } from '../components/language-menu.js';
import { notify } from '../components/toaster.js';
import { applyLanguage, preloadLanguage } from '../i18n/index.js';

export function LanguageSelector() {
  const { t } = useTranslation('shell');
  const { mutate } = useUserInfo();

  const choose = async (language: Language) => {
    try {
      // The texts load while the server saves the choice: the switch waits for the slower, not both.
      await Promise.all([saveUiLanguage(language), preloadLanguage(language)]);
      await applyLanguage(language);
      void mutate();
      notify({ type: 'success', title: t('header.languageChanged', { lng: language, language: LANGUAGE_NAMES[language] }) });
    } catch (error) {
      showError(error);
    }
  };

  return <LanguageMenu onChoose={(language) => void choose(language)} />;
}
