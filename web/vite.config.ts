import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contractsWithoutSchemas } from './contracts-without-schemas.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  base: '/',
  plugins: [contractsWithoutSchemas(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The initial-JS budget (170 KiB gzip) is checked by measuring the entry and its preloads.
    chunkSizeWarningLimit: 600,
    // Of the browsers this build targets, only Safari < 17 and Firefox < 115 ignore modulepreload; they
    // still load the entry's imports, once they have read it. The polyfill cost every visitor 0.3 KiB.
    modulePreload: { polyfill: false },
    // Every module the first page loads goes into one file: split over a dozen shared chunks they
    // compressed worse (each file its own gzip window) and cost 4 KiB more. Lazy chunks import from it.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: {
      '/api': backend,
      '/auth': backend,
      '/config': backend,
      '/dev': backend,
      '/ws': { target: backend, ws: true },
    },
  },
});
