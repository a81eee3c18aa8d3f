/**
 * i18next for the web app. Every web/src/locales/<lng>/<namespace>.json, and every
 * shared/locales/<lng>/<namespace>.json (texts the server renders too, e.g. notification
 * sentences), is picked up by import.meta.glob. English `common` and `errors` are bundled (the
 * shell and any error need them at once); every other file is its own chunk, loaded when a
 * component first uses its namespace (components suspend meanwhile) or when the language changes.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants.js';

const bundled = import.meta.glob<ResourceKey>(['../locales/en/common.json', '../locales/en/errors.json'], {
  eager: true,
  import: 'default',
});
const onDemandFiles = import.meta.glob<ResourceKey>(
  ['../locales/*/*.json', '../../../shared/locales/*/*.json', '!../locales/en/common.json', '!../locales/en/errors.json'],
  { import: 'default' },
);

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

/** "<lng>/<namespace>" of a locale file, wherever it lives. */
function localeOf(path: string): string {
  return path.split('/').slice(-2).join('/').slice(0, -'.json'.length);
}

const onDemand = new Map(Object.entries(onDemandFiles).map(([path, load]) => [localeOf(path), load]));

const BUNDLED_NAMESPACES = Object.keys(bundled).map(namespaceOf);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = onDemand.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resource) => callback(null, resource),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const LANGUAGE_KEY = 'ui.language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language chosen in this browser (language selector, or the user's stored one). */
export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's own language when it is one of ours (zh-Hant-HK and the like map to the nearest). */
function browserLanguage(): Language | null {
  for (const tag of navigator.languages ?? []) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) {
      if (lower.includes('hk') || lower.includes('mo')) return 'zh-HK';
      if (lower.includes('tw') || lower.includes('hant')) return 'zh-TW';
      return 'zh-CN';
    }
    if (lower.startsWith('en')) return 'en';
  }
  return null;
}

/** Switches the UI language, loads its files first, and remembers the choice in this browser. */
/** Fetches a language's texts without switching to it, so a switch that waits for the server need not wait for them too. */
export async function preloadLanguage(language: Language): Promise<void> {
  await i18next.loadLanguages(language);
}

export async function applyLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the user's stored language still applies at load.
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const resources = {
  [DEFAULT_LANGUAGE]: Object.fromEntries(Object.entries(bundled).map(([path, resource]) => [namespaceOf(path), resource])),
};

/** Resolves once the initial language (stored choice, else the browser's, else English) is ready. */
export const i18nReady = i18next
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'currentOnly',
    // Only these load before the first render; the rest on first use.
    ns: BUNDLED_NAMESPACES,
    defaultNS: 'common',
    // Keys are flat and dotted ("nav.dashboard"), shared with the server's error codes.
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A component whose namespace is still loading suspends to the nearest Suspense boundary.
    react: { useSuspense: true },
  });

export default i18next;
