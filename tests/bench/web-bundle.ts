/**
 * web-bundle: the JavaScript a browser loads before the first page renders: the entry script of
 * the built index.html and every module it preloads, gzip-compressed (level 9, as served).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark, Figure } from './figures.js';

const DIST = 'web/dist';

export function initialScripts(indexHtml: string): string[] {
  const sources = [...indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...sources, ...preloads])];
}

export const webBundle: Benchmark = {
  name: 'web-bundle',
  async run(): Promise<Figure[]> {
    if (!existsSync(join(DIST, 'index.html'))) {
      const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error('web build failed');
    }
    const scripts = initialScripts(readFileSync(join(DIST, 'index.html'), 'utf8'));
    const bytes = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(join(DIST, src.replace(/^\//, ''))), { level: 9 }).length, 0);
    return [
      { bench: 'web-bundle', metric: 'initial-js', value: bytes / 1024, unit: 'KiB gzip' },
      { bench: 'web-bundle', metric: 'initial-files', value: scripts.length, unit: 'files' },
    ];
  },
};
