/** The global search (spec §2.5); each area is filtered by the user's read permission. */
import { ZGlobalSearchQuery, ZGlobalSearchResponse } from '../schemas/search.js';
import { SESSION, defineGroup, route } from './route.js';

export const search = defineGroup('search', {
  everywhere: route({ method: 'GET', path: 'search', access: SESSION, query: ZGlobalSearchQuery, answer: ZGlobalSearchResponse }),
});
