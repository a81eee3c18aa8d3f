/**
 * Template calls (spec §2.1 /templates, §4 "Edit locking"): the cursor-paged list, one template,
 * create, save, rename, copy, delete, and the edit lock. Every change revalidates what shows
 * templates; a deleted template's own keys are dropped instead of refetched.
 */
import { useEffect, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { templates } from '../../../shared/contracts/templates.js';
import type {
  TConvertPageRequest,
  TCreateTemplateRequest,
  TSaveTemplateRequest,
  TTemplate,
  TTemplateLockResponse,
  TTemplateSummary,
  TemplateKind,
} from '../../../shared/schemas/templates.js';
import { getClaims, getToken } from '../session/session.js';
import { callRoute, isRouteKey, keyPath, pathOf, useRoute } from './routes.js';

export type { TTemplate, TTemplateSummary, TemplateKind };

const { routes } = templates;

const templatePath = (id: string) => pathOf(routes.get, { params: { templateId: id } });

export type TemplateListQuery = { kind: TemplateKind; search: string; cursor?: string };

/** One page of templates of a kind, newest first; the previous page stays shown while the next loads. */
export function useTemplateList(query: TemplateListQuery) {
  const { data, error, isLoading, isValidating, mutate: revalidate } = useRoute(
    routes.list,
    { query: { kind: query.kind, search: query.search || undefined, cursor: query.cursor || undefined } },
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading, isValidating, refetch: () => revalidate() };
}

/** Numbers each useTemplate call site's mount, so each gets a fetch of its own. */
let templateReads = 0;

/**
 * One template with its content; null `id` = not asked. Every editor that opens fetches it anew
 * (the key carries a per-mount serial), so it never starts from a copy cached earlier in the
 * session that someone has changed since; and nothing refetches it behind an open editor's back
 * (focus, reconnect), which would replace what the user is typing.
 */
export function useTemplate(id: string | null) {
  const [serial] = useState(() => (templateReads += 1));
  const { data, error, isLoading } = useSWR(
    id ? ([templatePath(id), routes.get.name, id, serial] as const) : null,
    ([, , templateId]) => callRoute(routes.get, { params: { templateId } }),
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
  return { template: data?.template, error, isLoading };
}

/** One template with its content, read once (a campaign copies a template's content). */
export async function fetchTemplate(id: string): Promise<TTemplate> {
  const { template } = await callRoute(routes.get, { params: { templateId: id } });
  return template;
}

/** Refetches every list; the templates in `deletedIds` lose their cached copies instead. */
async function revalidateTemplates(deletedIds: readonly string[] = []): Promise<void> {
  const deleted = new Set(deletedIds.map(templatePath));
  if (deleted.size > 0) await mutate((key) => deleted.has(keyPath(key) ?? ''), undefined, { revalidate: false });
  await mutate((key) => isRouteKey(key, routes.list));
}

/** Converts a web page (by address, or pasted HTML) to email HTML; nothing is saved. */
export async function convertPage(input: TConvertPageRequest): Promise<string> {
  const { html } = await callRoute(routes.convert, { body: input });
  return html;
}

export async function createTemplate(input: TCreateTemplateRequest): Promise<TTemplateSummary> {
  const { template } = await callRoute(routes.create, { body: input });
  await revalidateTemplates();
  return template;
}

/** The editor's save; needs the caller's live edit lock. */
export async function saveTemplate(id: string, input: TSaveTemplateRequest): Promise<TTemplateSummary> {
  const { template } = await callRoute(routes.save, { params: { templateId: id }, body: input });
  await revalidateTemplates();
  return template;
}

export async function renameTemplate(id: string, name: string): Promise<TTemplateSummary> {
  const { template } = await callRoute(routes.rename, { params: { templateId: id }, body: { name } });
  await revalidateTemplates();
  return template;
}

/** Copies a template as "Copy of …" (the server picks a free name). */
export async function copyTemplate(id: string): Promise<TTemplateSummary> {
  const { template } = await callRoute(routes.copy, { params: { templateId: id }, body: {} });
  await revalidateTemplates();
  return template;
}

/** Deletes templates, all or none; answers how many went. */
export async function deleteTemplates(ids: readonly string[]): Promise<number> {
  const { deleted } = await callRoute(routes.deleteMany, { body: { ids: [...ids] } });
  await revalidateTemplates(ids);
  return deleted;
}

/** Sends the saved template to the signed-in user's own address, filled in with a contact if one is given; answers the address. */
export async function sendTemplateTest(id: string, contactId?: string): Promise<string> {
  const { to } = await callRoute(routes.testSend, { params: { templateId: id }, body: contactId ? { contactId } : {} });
  return to;
}

/** Takes or renews the edit lock; another editor's lock answers VALIDATE_BEING_MODIFIED with `lockedBy`. */
export function lockTemplate(id: string): Promise<TTemplateLockResponse> {
  return callRoute(routes.lock, { params: { templateId: id }, body: {} });
}

export async function unlockTemplate(id: string): Promise<void> {
  await callRoute(routes.unlock, { params: { templateId: id } });
  await revalidateTemplates();
}

/**
 * Releases the lock while the page is being hidden or closed: a keepalive request outlives the
 * page (sendBeacon cannot send the bearer token or a DELETE). Best effort: the lease frees the
 * template within a minute anyway.
 */
export function unlockTemplateOnExit(id: string): void {
  const token = getToken();
  if (!token) return;
  const unlock = routes.unlock;
  void fetch(pathOf(unlock, { params: { templateId: id } }), { method: unlock.method, headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

/** A version never changes, so its thumbnail is fetched once and never revalidated. */
const THUMBNAIL_FETCH = { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false, shouldRetryOnError: false } as const;

/**
 * A template version's thumbnail (an SVG drawn from it) as an object URL for <img>, or null while
 * it loads or if it cannot be drawn. Fetched with the session's token, which <img> cannot send.
 */
export function useTemplateThumbnail(template: Pick<TTemplateSummary, 'id' | 'version' | 'updateTime'>, ownerTuid?: string): string | null {
  const tuidOfOwner = ownerTuid ?? getClaims()?.tuid ?? '';
  // Keyed by version alone: a rename changes the update time, not the drawing.
  const { data } = useSWR(
    [routes.thumbnail.path, routes.thumbnail.name, tuidOfOwner, template.id, template.version] as const,
    ([, , tuid, id, version]) => callRoute(routes.thumbnail, { query: { id, version, time: template.updateTime, tuid, dataType: 'template' } }),
    THUMBNAIL_FETCH,
  );
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return undefined;
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return url;
}
