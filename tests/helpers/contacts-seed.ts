/**
 * Seeding contacts and groups for browser tests through the product API, as the user signed in on
 * the page (with the session token the app stored), so the data is the account's own.
 */
import type { Page } from 'playwright-core';
import type { TContact, TContactInput } from '../../shared/schemas/contacts.js';

export type PageApi = <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;

/** Calls `/api/v1/pageBasedAPI/<path>` as the page's signed-in user. */
export function apiAs(page: Page, hostUrl: string): PageApi {
  return async <T>(method: string, path: string, body?: unknown) => {
    const token = await page.evaluate(() => window.localStorage.getItem('session.token'));
    const answer = await fetch(`${hostUrl}/api/v1/pageBasedAPI/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  };
}

/** Creates a contact, failing with the API's answer unless it was created. */
export async function seedContact(api: PageApi, input: TContactInput): Promise<TContact> {
  const answer = await api<{ contact: TContact }>('POST', 'contacts', input);
  if (answer.status !== 201) throw new Error(`POST contacts answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.contact;
}
