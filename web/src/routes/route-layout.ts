/** Which shell chrome a route gets (spec §2.2). Pure, so the rules are unit-tested. */

/** Routes shown without the sidebar and the header's menus. */
export const HIDDEN_MENU_ROUTES = ['account-banned', 'creating-account', 'account-force-verify', 'welcome'] as const;

/** Full-screen editors: their routes (later issues) carry the name in `handle.editor` and get no shell at all. */
export const FULL_SCREEN_EDITORS = [
  'createCampaign-templateEditor',
  'createCampaign-CKEditor',
  'templates-templateEditor',
  'templates-CKEditor',
  'createCampaign-enterMessage',
  'createCampaign-mmsEditor',
  'templates-enterMessage',
] as const;
export type FullScreenEditor = (typeof FULL_SCREEN_EDITORS)[number];

/** Sections whose list pages use the whole height, so the footer is left out. */
const FOOTERLESS_SECTIONS = ['contacts', 'groups', 'emails', 'sms-and-mms', 'templates', 'search-results', 'advanced-search'];

function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export function isHiddenMenuRoute(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return HIDDEN_MENU_ROUTES.some((route) => route === segment);
}

export function isFooterVisible(pathname: string): boolean {
  return !FOOTERLESS_SECTIONS.includes(firstSegment(pathname));
}

/** The route handle a full-screen editor route declares. */
export type EditorHandle = { editor: FullScreenEditor };

export function isEditorHandle(handle: unknown): handle is EditorHandle {
  if (typeof handle !== 'object' || handle === null || !('editor' in handle)) return false;
  return FULL_SCREEN_EDITORS.some((name) => name === handle.editor);
}
