#!/usr/bin/env node
/**
 * `npm start`: the whole product on this machine. Builds the web app when web/dist is missing or
 * older than its sources (not with `--no-build`: `npm run dev:host`), then runs the local host
 * (infra/local/main.ts) in a child process that gets our signals, so Ctrl+C stops it cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const viteConfig = join(root, 'web', 'vite.config.ts');
const builtIndex = join(root, 'web', 'dist', 'index.html');
const webSources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'shared'].map((path) => join(root, path));

/** Newest modification time under the paths (files and folders, recursively); 0 if none exist. */
function newestMtime(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const info = statSync(path);
    newest = Math.max(newest, info.mtimeMs);
    if (info.isDirectory()) newest = Math.max(newest, newestMtime(readdirSync(path).map((name) => join(path, name))));
  }
  return newest;
}

function buildWebIfStale() {
  if (!existsSync(viteConfig)) {
    console.warn('[start] web/vite.config.ts does not exist yet: skipping the web build.');
    return;
  }
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestMtime(webSources)) return;
  console.log('[start] Building the web app (web/dist is missing or older than its sources)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', viteConfig], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('[start] The web build failed; fix it or run the host alone with `npm run dev:host`.');
    process.exit(build.status ?? 1);
  }
}

if (!process.argv.includes('--no-build')) buildWebIfStale();

// The host's V8 options (a smaller young generation: docs/decisions.md "The local host's young
// generation"); the import benchmark runs its host with the same ones.
const hostNodeOptions = JSON.parse(readFileSync(join(root, 'infra', 'local', 'host-node-options.json'), 'utf8'));
// `--import tsx` runs the TypeScript entry in this one child process (no tsx wrapper process).
const host = spawn(process.execPath, [...hostNodeOptions, '--import', 'tsx', join(root, 'infra', 'local', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  // Ctrl+C reaches the host directly too; it treats a repeat within a second as the same press.
  process.on(signal, () => host.kill(signal));
}
host.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
