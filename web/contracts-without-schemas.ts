/**
 * The browser build gets the route contracts without their zod schemas. The web needs each route's
 * name, method, path, access, timeout and whether it answers JSON; its types come from
 * shared/contracts as they are. Zod with every schema would add about 80 KiB gzip to the first load,
 * so this plugin serves shared/contracts/index.ts to the bundle as that data alone. Node (the
 * server, the tests) loads the contracts whole.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CONTRACTS } from '../shared/contracts/index.js';
import { NOT_JSON, type ContractGroup } from '../shared/contracts/route.js';

const CONTRACTS_INDEX = fileURLToPath(new URL('../shared/contracts/index.ts', import.meta.url));

function withoutSchemas(group: ContractGroup) {
  const routes = Object.entries(group.routes).map(([key, route]) => {
    const { name, method, path, access, clientTimeoutMs } = route;
    // The client asks only whether to send the session's token (web/src/api/routes.ts).
    return [key, { name, method, path, access: { kind: access.kind }, clientTimeoutMs, answer: route.answer === NOT_JSON ? NOT_JSON : 'json' }];
  });
  return { group: group.group, routes: Object.fromEntries(routes) };
}

export function contractsWithoutSchemas(): Plugin {
  return {
    name: 'contracts-without-schemas',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== CONTRACTS_INDEX) return null;
      const data = Object.fromEntries(Object.entries(CONTRACTS).map(([key, group]) => [key, withoutSchemas(group)]));
      return [
        `export const CONTRACTS = ${JSON.stringify(data)};`,
        'export const ROUTE_CONTRACTS = Object.values(CONTRACTS).flatMap((group) => Object.values(group.routes));',
      ].join('\n');
    },
  };
}
