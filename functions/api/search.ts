import { search } from '../../shared/contracts/search.js';
import { createApiHandler } from '../lib/http.js';
import { searchEverywhere } from '../services/contacts/global-search.js';

export const handler = createApiHandler(search, {
  everywhere: async ({ caller, query }) => searchEverywhere({ claims: caller, text: query.search, limit: query.limit }),
});
