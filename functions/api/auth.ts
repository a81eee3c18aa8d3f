import { ZLoginRequest, ZSignUpRequest } from '../../shared/schemas/session.js';
import { claimsOf, createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { keepSessionAlive, logIn, logOut, refreshSession, signUp } from '../services/sessions.js';

const client = (request: ApiRequest) => ({ ip: request.sourceIp, userAgent: request.userAgent, now: new Date() });

export const handler = createApiHandler('auth', {
  'POST /auth/signup': async (request) => HttpAnswer.json(await signUp(parseInput(ZSignUpRequest, request.body), client(request)), 201),
  'POST /auth/login': async (request) => logIn(parseInput(ZLoginRequest, request.body), client(request)),
  'GET /auth/logout': async (request) => {
    await logOut(claimsOf(request));
    return { success: true };
  },
  'GET /auth/refresh': async (request) => refreshSession(claimsOf(request), new Date()),
  'GET /auth/skipUpdate': async (request) => {
    await keepSessionAlive(claimsOf(request), new Date());
    return { success: true };
  },
});
