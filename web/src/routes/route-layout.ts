/** Which shell chrome a route gets (spec §2.2). Pure, so the rules are unit-tested. */

/** Routes shown without the sidebar and the header's menus. */
export const HIDDEN_MENU_ROUTES = ['account-banned', 'creating-account', 'account-force-verify', 'welcome'] as const;

/**
 * Full-screen editors (spec §2.2) by name, with the path each opens at (the create-campaign and
 * template steps of spec §2.1): they get no shell chrome at all.
 */
export const FULL_SCREEN_EDITORS = {
  'createCampaign-templateEditor': '/emails/create-email-campaign/template-editor',
  'createCampaign-CKEditor': '/emails/create-email-campaign/code-editor',
  'createCampaign-enterMessage': '/sms-and-mms/create-sms-campaign/enter-message',
  'createCampaign-mmsEditor': '/sms-and-mms/create-mms-campaign/enter-message',
  'templates-templateEditor': '/templates/template-editor',
  'templates-CKEditor': '/templates/code-editor',
  'templates-enterMessage': '/templates/enter-message',
} as const;
export type FullScreenEditor = keyof typeof FULL_SCREEN_EDITORS;

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

/** The full-screen editor open at this path, if any. */
export function fullScreenEditorAt(pathname: string): FullScreenEditor | undefined {
  const path = pathname.replace(/\/+$/, '');
  return (Object.keys(FULL_SCREEN_EDITORS) as FullScreenEditor[]).find((name) => FULL_SCREEN_EDITORS[name] === path);
}
