/**
 * The browser build gets the route contracts without their zod schemas. The web needs each route's
 * method, path, access kind, timeout and whether it answers JSON; its types come from
 * shared/contracts as they are. Zod with every schema would add about 80 KiB gzip to the first load,
 * so this plugin serves each group module (shared/contracts/<group>.ts) to the bundle as that data
 * alone, handed to the same `defineGroup` that names the routes and fills in the path prefix and
 * the default timeout. A page imports only the groups it calls, so a lazy area's routes load with
 * it. Node (the server, the tests) loads the contracts whole.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { TIMEOUTS_MS } from '../shared/constants.js';
import { API_PREFIX, NOT_JSON, type ContractGroup, type RouteContract } from '../shared/contracts/route.js';

const CONTRACTS_DIR = fileURLToPath(new URL('../shared/contracts', import.meta.url));
const ROUTE_MODULE = `${CONTRACTS_DIR}/route.ts`;

function isContractGroup(value: unknown): value is ContractGroup {
  return typeof value === 'object' && value !== null && 'group' in value && 'routes' in value;
}

/** What `defineGroup` needs to rebuild the route in the browser: defaults left out. */
function specWithoutSchemas({ method, path, access, clientTimeoutMs, answer }: RouteContract) {
  return {
    method,
    path: path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length + 1) : path,
    // The client asks only whether to send the session's token (web/src/api/routes.ts).
    access: { kind: access.kind },
    ...(clientTimeoutMs === TIMEOUTS_MS.default ? {} : { clientTimeoutMs }),
    ...(answer === NOT_JSON ? { answer: NOT_JSON } : {}),
  };
}

export function contractsWithoutSchemas(): Plugin {
  return {
    name: 'contracts-without-schemas',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0];
      if (dirname(file) !== CONTRACTS_DIR || file === ROUTE_MODULE) return null;
      const module: Record<string, unknown> = await tsImport(file, import.meta.url);
      const exported = Object.entries(module);
      const groups = exported.filter((entry): entry is [string, ContractGroup] => isContractGroup(entry[1]));
      // The index and the builders' helpers hold no group and load as they are.
      if (groups.length === 0) return null;
      // A group module's other exports would be lost here.
      const others = exported.filter(([, value]) => !isContractGroup(value)).map(([name]) => name);
      if (others.length > 0) throw new Error(`${file}: a group module exports only its route groups, not ${others.join(', ')}`);
      const definitions = groups.map(([name, { group, routes }]) => {
        const specs = Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, specWithoutSchemas(route)]));
        return `export const ${name} = defineGroup(${JSON.stringify(group)}, ${JSON.stringify(specs)});`;
      });
      return [`import { defineGroup } from ${JSON.stringify(ROUTE_MODULE)};`, ...definitions].join('\n');
    },
  };
}
