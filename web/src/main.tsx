import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_IDLE_TIME_MS } from '../../shared/constants.js';
import { App } from './app.js';
import { i18nReady } from './i18n/index.js';
import { applyEntryFromUrl } from './session/entry.js';

// Entry by URL must run before the router reads the address (spec §2.3).
applyEntryFromUrl(DEFAULT_IDLE_TIME_MS);

const root = createRoot(document.getElementById('root')!);
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
