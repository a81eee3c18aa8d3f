import { user } from '../../shared/contracts/user.js';
import { COMMON_EMAIL_DOMAINS } from '../../shared/domain/email.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler, HttpAnswer } from '../lib/http.js';
import { getUserInfo, setUiLanguage } from '../services/session/user-info.js';

export const handler = createApiHandler(user, {
  get: async ({ caller }) => getUserInfo({ claims: caller }),
  setLanguage: async ({ caller, body }) => {
    await setUiLanguage({ claims: caller, language: body.isoCode });
    return OK;
  },
  commonDomains: async () => HttpAnswer.text(COMMON_EMAIL_DOMAINS.join(',')),
});
