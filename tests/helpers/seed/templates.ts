/** Templates for tests, made through the API as the caller, and the content shapes they are made of. */
import type { z } from 'zod';
import type { TTemplate, ZCreateTemplateRequest } from '../../../shared/schemas/templates.js';
import { assertStatus, call, type ApiClient, type Caller } from '../api.js';

/** Creates a template through the API, failing with the API's answer unless it was created. */
export async function seedTemplate(api: ApiClient, caller: Caller, input: z.input<typeof ZCreateTemplateRequest>): Promise<TTemplate> {
  const answer = await call<{ template: TTemplate }>(api, caller, 'POST', '/templates', input);
  assertStatus(answer, 201);
  return answer.body.template;
}

export const emailContent = (html: string, project: string | null = null, editor: 'dragAndDrop' | 'code' = 'dragAndDrop') => ({ kind: 'email' as const, editor, html, project });
export const smsContent = (text: string) => ({ kind: 'sms' as const, text });
