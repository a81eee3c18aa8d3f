/** The real English catalogues of the contacts area, as the app's translate function sees them. */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';

function catalogue(namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../../../web/src/locales/en/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

export async function englishTranslate(): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { contacts: catalogue('contacts'), errors: catalogue('errors'), validation: catalogue('validation') } },
    defaultNS: 'contacts',
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT('en');
}
