import { defineConfig } from 'vitest/config';

// The AWS SDK warns on every client that Node 20 support ends in 2027; the pins are deliberate.
// Log lines go through the console as one readable line each, so vitest files them under their test.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_FORMAT: 'readable', POWERTOOLS_LOG_LEVEL: 'INFO' };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Projects with different worker limits must run as separate groups.
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          env,
        },
      },
      {
        test: {
          name: 'component',
          // Runs beside unit: the same group, no emulators.
          sequence: { groupOrder: 0 },
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
          env,
          // A screen's first render compiles Chakra's styles in happy-dom: seconds on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          // Projects with different worker limits must run as separate groups.
          sequence: { groupOrder: 2 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env,
          globalSetup: ['tests/emulators-global-setup.ts'],
          // The emulators are shared and the machine has 2 cores: two files at a time at most.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          // Projects with different worker limits must run as separate groups.
          sequence: { groupOrder: 1 },
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          env,
          // Synthesis is CPU-bound and shares nothing: both cores (vitest's default is cores − 1).
          maxWorkers: 2,
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Projects with different worker limits must run as separate groups.
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          env,
          globalSetup: ['tests/emulators-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker imports the product once for every file (each file starts its own host and
          // table; the host resets config and clients at start): about 3 s less per file.
          isolate: false,
        },
      },
    ],
  },
});
