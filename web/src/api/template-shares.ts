/**
 * Template sharing calls (spec §4 "Template and group sharing"): the owner's shares of a template,
 * and the receiver's "Shared with me" with its answers. Only the templates chunk imports this.
 * Every change revalidates both lists and the template lists (an accepted copy adds a template).
 */
import { useState } from 'react';
import useSWR, { mutate } from 'swr';
import { getToken } from '../session/session.js';
import type { ShareRights } from '../../../shared/domain/template-sharing.js';
import type {
  TAcceptShareResponse,
  TReceivedShare,
  TReceivedShareListResponse,
  TSharedTemplateResponse,
  TShareTemplateRequest,
  TTemplateShare,
  TTemplateShareListResponse,
} from '../../../shared/schemas/template-sharing.js';
import type { TTemplateContent, TTemplateLockResponse, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { apiRequest } from './client.js';
import { keyPath } from './request-keys.js';

export type { ShareRights, TReceivedShare, TTemplateShare };

const API = '/api/v1/pageBasedAPI';
const TEMPLATES_PATH = `${API}/templates`;
const SHARED_PATH = `${API}/shared-templates`;

const sharesPath = (templateId: string) => `${TEMPLATES_PATH}/${encodeURIComponent(templateId)}/shares`;
const sharedPath = (shareId: string) => `${SHARED_PATH}/${encodeURIComponent(shareId)}`;

/** Refetches the share lists and the template lists. */
async function revalidateShares(): Promise<void> {
  await mutate((key) => {
    const path = keyPath(key) ?? '';
    return path === TEMPLATES_PATH || path.startsWith(SHARED_PATH) || (path.startsWith(`${TEMPLATES_PATH}/`) && path.endsWith('/shares'));
  });
}

/** Who a template is shared with; null `templateId` = not asked. */
export function useTemplateShares(templateId: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TTemplateShareListResponse, unknown, string | null>(templateId ? sharesPath(templateId) : null, (path) => apiRequest({ path }));
  return { shares: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** "Shared with me": offers waiting for an answer first, then accepted shares. */
export function useSharedWithMe(enabled = true) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TReceivedShareListResponse, unknown, string | null>(enabled ? SHARED_PATH : null, (path) => apiRequest({ path }));
  return { shares: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Numbers each useSharedTemplate mount, so a preview or an editor never starts from a stale cached copy. */
let sharedReads = 0;

/**
 * An accepted share's template with sanitised HTML; null `shareId` = not asked. Fetched anew per
 * mount and never refetched behind an open editor's back (as useTemplate).
 */
export function useSharedTemplate(shareId: string | null) {
  const [serial] = useState(() => (sharedReads += 1));
  const { data, error, isLoading } = useSWR<TSharedTemplateResponse, unknown, readonly [string, number] | null>(
    shareId ? [sharedPath(shareId), serial] : null,
    ([path]) => apiRequest({ path }),
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
  return { shared: data, error, isLoading };
}

export async function shareTemplate(templateId: string, input: TShareTemplateRequest): Promise<TTemplateShare> {
  const { share } = await apiRequest<{ share: TTemplateShare }>({ method: 'POST', path: sharesPath(templateId), body: input });
  await revalidateShares();
  return share;
}

export async function changeShareRights(templateId: string, shareId: string, rights: ShareRights): Promise<TTemplateShare> {
  const { share } = await apiRequest<{ share: TTemplateShare }>({ method: 'PUT', path: `${sharesPath(templateId)}/${encodeURIComponent(shareId)}`, body: { rights } });
  await revalidateShares();
  return share;
}

export async function removeShare(templateId: string, shareId: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: `${sharesPath(templateId)}/${encodeURIComponent(shareId)}` });
  await revalidateShares();
}

export async function acceptShare(shareId: string): Promise<TAcceptShareResponse> {
  const answer = await apiRequest<TAcceptShareResponse>({ method: 'POST', path: `${sharedPath(shareId)}/accept`, body: {} });
  await revalidateShares();
  return answer;
}

export async function rejectShare(shareId: string): Promise<void> {
  await apiRequest({ method: 'POST', path: `${sharedPath(shareId)}/reject`, body: {} });
  await revalidateShares();
}

/** Leaves an accepted share (a pending one is declined). */
export async function leaveShare(shareId: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: sharedPath(shareId) });
  await revalidateShares();
}

/** Copies a shared template into the own account; answers the new template. */
export async function copySharedTemplate(shareId: string): Promise<TTemplateSummary> {
  const { template } = await apiRequest<{ template: TTemplateSummary }>({ method: 'POST', path: `${sharedPath(shareId)}/copy`, body: {} });
  await revalidateShares();
  return template;
}

/** A receiver with edit rights saves new content of the owner's template (the name stays the owner's). */
export async function saveSharedTemplate(shareId: string, content: TTemplateContent): Promise<TTemplateSummary> {
  const { template } = await apiRequest<{ template: TTemplateSummary }>({ method: 'PUT', path: sharedPath(shareId), body: { content } });
  await revalidateShares();
  return template;
}

/** The owner's edit lock, taken through the share: one editor at a time across both accounts. */
export function lockSharedTemplate(shareId: string): Promise<TTemplateLockResponse> {
  return apiRequest<TTemplateLockResponse>({ method: 'POST', path: `${sharedPath(shareId)}/lock`, body: {} });
}

export async function unlockSharedTemplate(shareId: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: `${sharedPath(shareId)}/lock` });
}

/** As unlockTemplateOnExit: a keepalive request that outlives the closing page. */
export function unlockSharedTemplateOnExit(shareId: string): void {
  const token = getToken();
  if (!token) return;
  void fetch(`${sharedPath(shareId)}/lock`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}
