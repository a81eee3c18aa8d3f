/**
 * Where each Lambda's code lives. The stacks never create handler code: they point NodejsFunction
 * at the module the route table names, and refuse to synthesize when one is missing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_GROUPS, QUEUES, SCHEDULES, type ApiGroup } from '../../functions/routes.js';

/** The repository root: bundling runs from here against the root package-lock.json. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A handler module by its role; each exports `handler`. */
export type HandlerModule =
  | { kind: 'api'; group: ApiGroup }
  | { kind: 'websocket' }
  /** Queue workers and scheduled jobs both live in functions/workers/. */
  | { kind: 'worker'; name: string };

/** Absolute path of a module's entry file. Tests inject one that points at a fixture handler. */
export type EntryResolver = (module: HandlerModule) => string;

/** The module's path relative to the repository root, by the handler conventions. */
export function handlerModulePath(module: HandlerModule): string {
  switch (module.kind) {
    case 'api':
      return `functions/api/${module.group}.ts`;
    case 'websocket':
      return 'functions/ws/connection.ts';
    case 'worker':
      return `functions/workers/${module.name}.ts`;
  }
}

/** Every handler module the app deploys, read from the route table. */
export function requiredHandlerModules(): HandlerModule[] {
  return [
    ...API_GROUPS.map((group): HandlerModule => ({ kind: 'api', group })),
    { kind: 'websocket' },
    ...QUEUES.map((queue): HandlerModule => ({ kind: 'worker', name: queue.worker })),
    ...SCHEDULES.map((schedule): HandlerModule => ({ kind: 'worker', name: schedule.job })),
  ];
}

/** Relative paths of required modules that do not exist yet. */
export function missingHandlerModules(): string[] {
  return requiredHandlerModules()
    .map(handlerModulePath)
    .filter((path) => !existsSync(join(REPO_ROOT, path)));
}

/** The real modules; fails with the full list of missing files rather than a bundler error. */
export const resolveHandlerEntry: EntryResolver = (module) => {
  const missing = missingHandlerModules();
  if (missing.length > 0) {
    throw new Error(
      `Cannot synthesize: handler modules missing: ${missing.join(', ')}. ` +
        'Each API group, queue worker and schedule job in functions/routes.ts and the WebSocket handler ' +
        'needs its module exporting `handler` (see infra/constructs/handler-entry.ts).',
    );
  }
  return join(REPO_ROOT, handlerModulePath(module));
};
