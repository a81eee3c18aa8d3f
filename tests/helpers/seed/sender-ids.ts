/** SMS sender IDs for tests, requested through the API. */
import type { TSenderId } from '../../../shared/schemas/sms-settings.js';
import { assertStatus, call, type ApiClient, type Caller } from '../api.js';

export async function requestSenderId(api: ApiClient, caller: Caller, senderId: string): Promise<TSenderId> {
  const answer = await call<{ senderId: TSenderId }>(api, caller, 'POST', '/sms/sender-ids', { senderId });
  assertStatus(answer, 201);
  return answer.body.senderId;
}
