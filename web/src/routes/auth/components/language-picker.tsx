/**
 * The language choice of the public pages: the header's menu, but the choice stays in this
 * browser (there is no account yet to save it on; sign-up sends it along).
 */
import { LanguageMenu } from '../../../components/language-menu.js';
import { applyLanguage } from '../../../i18n/index.js';

export function LanguagePicker() {
  return <LanguageMenu onChoose={(language) => void applyLanguage(language)} />;
}
