/**
 * Which way imports go in web/src: each route area under routes/<area>/ is a leaf that only the
 * router imports; what areas share lives in components/, session/, paths/ and the like, and
 * components/ never reaches back into a route.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB_SRC = fileURLToPath(new URL('../../../web/src', import.meta.url));

type ImportEdge = { from: string; to: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`), or null for a package. */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier).replace(/\.js$/, '');
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Every static, type-only and dynamic import between files of web/src, as paths relative to it. */
function importEdges(): ImportEdge[] {
  return sourceFiles(WEB_SRC).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map(({ fileName }) => resolveSpecifier(file, fileName))
      .filter((target): target is string => target !== null && target.startsWith(WEB_SRC))
      .map((target) => ({ from: relative(WEB_SRC, file), to: relative(WEB_SRC, target) })),
  );
}

/** The area of a file in routes/<area>/…; files directly in routes/ (route helpers) have none. */
function routeAreaOf(path: string): string | null {
  return /^routes\/([^/]+)\//.exec(path)?.[1] ?? null;
}

const describeEdge = ({ from, to }: ImportEdge) => `${from} -> ${to}`;

/** The import circles (strongly connected components of more than one file, or a file importing itself). */
function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  // Tarjan's algorithm; the route graph is a few hundred files, so recursion depth is no concern.
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('web/src import boundaries', () => {
  // Prepare
  const edges = importEdges();

  it('sees the imports it judges: the router imports every route area', () => {
    // Act
    const routedAreas = new Set(edges.filter((edge) => edge.from === 'router.tsx').map((edge) => routeAreaOf(edge.to)));

    // Assess
    for (const area of ['contacts', 'groups', 'emails', 'sms-and-mms', 'templates', 'settings']) expect(routedAreas).toContain(area);
  });

  it('keeps components/ free of imports from routes/', () => {
    // Act
    const breaks = edges.filter(({ from, to }) => from.startsWith('components/') && to.startsWith('routes/'));

    // Assess
    expect(breaks.map(describeEdge)).toEqual([]);
  });

  it('keeps every route area from importing another area', () => {
    // Act
    const breaks = edges.filter(({ from, to }) => {
      const area = routeAreaOf(from);
      const targetArea = routeAreaOf(to);
      return area !== null && targetArea !== null && area !== targetArea;
    });

    // Assess
    expect(breaks.map(describeEdge)).toEqual([]);
  });

  it('has no import circle among the route files', () => {
    // Act
    const circles = importCircles(edges.filter(({ from, to }) => from.startsWith('routes/') && to.startsWith('routes/')));

    // Assess
    expect(circles).toEqual([]);
  });
});
