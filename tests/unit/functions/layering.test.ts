import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(ROOT, folder, name));
}

/** The repository paths a module imports: static, re-exported and dynamic imports of relative specifiers. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g)].map((match) => match[1]);
  return specifiers.map((specifier) => relative(ROOT, resolve(dirname(file), specifier)).split('\\').join('/'));
}

/** Each module of the folders with the imports that break the rule. */
function violations(folders: readonly string[], isForbidden: (path: string) => boolean): Array<{ module: string; imports: string[] }> {
  return folders
    .flatMap(sourceFiles)
    .map((file) => ({ module: relative(ROOT, file), imports: importsOf(file).filter(isForbidden) }))
    .filter((entry) => entry.imports.length > 0);
}

describe('layering of functions/', () => {
  it('reads the imports of every worker, job and WebSocket module', () => {
    // Act
    const modules = ['functions/workers', 'functions/ws'].flatMap(sourceFiles);

    // Assess: a scan that sees no imports would pass every rule below.
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) expect(importsOf(module).length, module).toBeGreaterThan(0);
  });

  it('keeps repositories out of workers and the WebSocket handler: they go through services', () => {
    // Act
    const found = violations(['functions/workers', 'functions/ws'], (path) => path.startsWith('functions/data/'));

    // Assess
    expect(found).toEqual([]);
  });

  it('keeps queue modules on the adapters: they import only functions/lib and shared/', () => {
    // Act
    const found = violations(['functions/queues'], (path) => !path.startsWith('functions/lib/') && !path.startsWith('shared/'));

    // Assess
    expect(found).toEqual([]);
  });
});
