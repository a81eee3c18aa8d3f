/** Shared steps of the template tests: accounts with chosen names, connected users, typed calls. */
import { expect } from 'vitest';
import type { TTemplate } from '../../../shared/schemas/templates.js';
import type { ApiClient } from '../../helpers/api.js';

export const TEMPLATES = '/api/v1/pageBasedAPI/templates';

export { connect, signUpAs, type Actor } from '../../helpers/actors.js';
import type { Actor } from '../../helpers/actors.js';

export function call<T = Record<string, unknown>>(api: ApiClient, actor: Actor, method: string, path: string, body?: unknown) {
  return api.request<T>(method, `${TEMPLATES}${path}`, { token: actor.token, body });
}

export async function createTemplate(api: ApiClient, actor: Actor, body: Record<string, unknown>): Promise<TTemplate> {
  const answer = await call<{ template: TTemplate }>(api, actor, 'POST', '', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.template;
}

export const emailContent = (html: string, project: string | null = null) => ({ kind: 'email', editor: 'dragAndDrop', html, project });
export const smsContent = (text: string) => ({ kind: 'sms', text });
