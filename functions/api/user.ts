import { ZUiLanguageRequest } from '../../shared/schemas/user.js';
import { COMMON_EMAIL_DOMAINS } from '../../shared/domain/email.js';
import { claimsOf, createApiHandler, HttpAnswer } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { getUserInfo, setUiLanguage } from '../services/user-info.js';

export const handler = createApiHandler('user', {
  'GET /api/v1/pageBasedAPI/user': async (request) => getUserInfo(claimsOf(request)),
  'POST /api/v1/pageBasedAPI/language/ui-language': async (request) => {
    await setUiLanguage(claimsOf(request), parseInput(ZUiLanguageRequest, request.body).isoCode);
    return { success: true };
  },
  'GET /api/v1/pageBasedAPI/typo/common-domains': async () => HttpAnswer.text(COMMON_EMAIL_DOMAINS.join(',')),
});
