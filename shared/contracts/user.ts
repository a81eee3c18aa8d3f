/** The signed-in user (spec §7 "Session and user"). */
import { ZOk } from '../schemas/common.js';
import { ZUiLanguageRequest, ZUserInfo } from '../schemas/user.js';
import { NOT_JSON, OWN_ACCOUNT, SESSION, defineGroup, route } from './route.js';

export const user = defineGroup('user', {
  get: route({ method: 'GET', path: 'user', access: SESSION, answer: ZUserInfo, allowedDuringPasswordChange: true }),
  setLanguage: route({ method: 'POST', path: 'language/ui-language', access: OWN_ACCOUNT, body: ZUiLanguageRequest, answer: ZOk, allowedDuringPasswordChange: true }),
  // The domains the email typo check suggests, as comma-separated text.
  commonDomains: route({ method: 'GET', path: 'typo/common-domains', access: SESSION, answer: NOT_JSON }),
});
