import { ZGlobalSearchQuery } from '../../shared/schemas/search.js';
import { claimsOf, createApiHandler } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { searchEverywhere } from '../services/global-search.js';

export const handler = createApiHandler('search', {
  'GET /api/v1/pageBasedAPI/search': async (request) => {
    const { search, limit } = parseInput(ZGlobalSearchQuery, request.query);
    return searchEverywhere({ claims: claimsOf(request), text: search, limit });
  },
});
