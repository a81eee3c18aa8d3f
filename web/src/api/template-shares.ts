/**
 * Template sharing calls (spec §4 "Template and group sharing"): the owner's shares of a template,
 * and the receiver's "Shared with me" with its answers. Only the templates chunk imports this.
 * Every change revalidates both lists and the template lists (an accepted copy adds a template).
 */
import { useState } from 'react';
import useSWR, { mutate } from 'swr';
import { templates } from '../../../shared/contracts/templates.js';
import type { ShareRights } from '../../../shared/domain/template-sharing.js';
import type { TAcceptShareResponse, TReceivedShare, TShareTemplateRequest, TTemplateShare } from '../../../shared/schemas/template-sharing.js';
import type { TTemplateContent, TTemplateLockResponse, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { getToken } from '../session/session.js';
import { callRoute, isRouteKey, pathOf, useRoute } from './routes.js';

export type { ShareRights, TReceivedShare, TTemplateShare };

const { routes } = templates;

/** Refetches the share lists, the shared templates and the template lists. */
async function revalidateShares(): Promise<void> {
  const refetched = [routes.list, routes.listShares, routes.sharedWithMe, routes.getShared];
  await mutate((key) => refetched.some((route) => isRouteKey(key, route)));
}

/** Who a template is shared with; null `templateId` = not asked. */
export function useTemplateShares(templateId: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(routes.listShares, templateId ? { params: { templateId } } : null);
  return { shares: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** "Shared with me": offers waiting for an answer first, then accepted shares. */
export function useSharedWithMe(enabled = true) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(routes.sharedWithMe, enabled ? {} : null);
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
  const { data, error, isLoading } = useSWR(
    shareId ? ([pathOf(routes.getShared, { params: { shareId } }), routes.getShared.name, shareId, serial] as const) : null,
    ([, , id]) => callRoute(routes.getShared, { params: { shareId: id } }),
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
  return { shared: data, error, isLoading };
}

export async function shareTemplate(templateId: string, input: TShareTemplateRequest): Promise<TTemplateShare> {
  const { share } = await callRoute(routes.share, { params: { templateId }, body: input });
  await revalidateShares();
  return share;
}

export async function changeShareRights(templateId: string, shareId: string, rights: ShareRights): Promise<TTemplateShare> {
  const { share } = await callRoute(routes.changeShareRights, { params: { templateId, shareId }, body: { rights } });
  await revalidateShares();
  return share;
}

export async function removeShare(templateId: string, shareId: string): Promise<void> {
  await callRoute(routes.removeShare, { params: { templateId, shareId } });
  await revalidateShares();
}

export async function acceptShare(shareId: string): Promise<TAcceptShareResponse> {
  const answer = await callRoute(routes.acceptShare, { params: { shareId } });
  await revalidateShares();
  return answer;
}

export async function rejectShare(shareId: string): Promise<void> {
  await callRoute(routes.rejectShare, { params: { shareId } });
  await revalidateShares();
}

/** Leaves an accepted share (a pending one is declined). */
export async function leaveShare(shareId: string): Promise<void> {
  await callRoute(routes.leaveShare, { params: { shareId } });
  await revalidateShares();
}

/** Copies a shared template into the own account; answers the new template. */
export async function copySharedTemplate(shareId: string): Promise<TTemplateSummary> {
  const { template } = await callRoute(routes.copyShared, { params: { shareId } });
  await revalidateShares();
  return template;
}

/** A receiver with edit rights saves new content of the owner's template (the name stays the owner's). */
export async function saveSharedTemplate(shareId: string, content: TTemplateContent): Promise<TTemplateSummary> {
  const { template } = await callRoute(routes.saveShared, { params: { shareId }, body: { content } });
  await revalidateShares();
  return template;
}

/** The owner's edit lock, taken through the share: one editor at a time across both accounts. */
export function lockSharedTemplate(shareId: string): Promise<TTemplateLockResponse> {
  return callRoute(routes.lockShared, { params: { shareId }, body: {} });
}

export async function unlockSharedTemplate(shareId: string): Promise<void> {
  await callRoute(routes.unlockShared, { params: { shareId } });
}

/** As unlockTemplateOnExit: a keepalive request that outlives the closing page. */
export function unlockSharedTemplateOnExit(shareId: string): void {
  const token = getToken();
  if (!token) return;
  const unlock = routes.unlockShared;
  void fetch(pathOf(unlock, { params: { shareId } }), { method: unlock.method, headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}
