/**
 * Every component test: English texts loaded up front (a screen then renders at once instead of
 * suspending for its namespace), a clean DOM, swr cache, storage and fetch after each test, and no
 * undeclared request.
 */
import { cleanup, configure } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import i18next, { i18nReady } from '../../web/src/i18n/index.js';
import { takeUnanswered } from './fake-api.js';

const ENGLISH_NAMESPACES = Object.keys(import.meta.glob('../../web/src/locales/en/*.json')).map((path) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length));

// The machine running the suite may be busy: a screen gets more than the default second to show.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(ENGLISH_NAMESPACES);
});

afterEach(async () => {
  cleanup();
  // The api modules refresh through swr's global cache, as in the app: each test starts it empty.
  await mutate(() => true, undefined, { revalidate: false });
  window.localStorage.clear();
  vi.unstubAllGlobals();
  expect(takeUnanswered(), 'requests without a declared answer').toEqual([]);
});
