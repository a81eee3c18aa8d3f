import { ROLE_IDS, type RoleKey } from '../constants.js';

/** Sections and flags of spec §6; the same function decides what the UI shows and what the API allows. */
export const SECTIONS = ['dashboard', 'contact', 'group', 'email', 'sms', 'template'] as const;
export type Section = (typeof SECTIONS)[number];
export const FLAGS = ['read', 'write', 'delete', 'execute'] as const;
export type Flag = (typeof FLAGS)[number];

export type TSectionFlags = Record<Flag, boolean>;
export type TPermissions = Record<Section, TSectionFlags>;

const ALL: TSectionFlags = { read: true, write: true, delete: true, execute: true };
const NONE: TSectionFlags = { read: false, write: false, delete: false, execute: false };
const VIEW: TSectionFlags = { read: true, write: false, delete: false, execute: false };

function grant(sections: Partial<Record<Section, TSectionFlags>>): TPermissions {
  return {
    dashboard: sections.dashboard ?? NONE,
    contact: sections.contact ?? NONE,
    group: sections.group ?? NONE,
    email: sections.email ?? NONE,
    sms: sections.sms ?? NONE,
    template: sections.template ?? NONE,
  };
}

/** Default flags of each role (spec §6). */
export const ROLE_PERMISSIONS: Record<RoleKey, TPermissions> = {
  owner: grant({ dashboard: ALL, contact: ALL, group: ALL, email: ALL, sms: ALL, template: ALL }),
  collaborator: grant({ dashboard: ALL, contact: ALL, group: ALL, email: ALL, sms: ALL, template: ALL }),
  dataUser: grant({ dashboard: VIEW, contact: ALL, group: ALL }),
  campaignCreator: grant({ dashboard: VIEW, group: ALL, email: ALL, sms: ALL, template: ALL }),
  analyst: grant({ dashboard: VIEW, contact: VIEW, group: VIEW, email: VIEW, sms: VIEW, template: VIEW }),
};

export function roleKeyOf(roleId: string): RoleKey | undefined {
  return (Object.keys(ROLE_IDS) as RoleKey[]).find((key) => ROLE_IDS[key] === roleId);
}

/** The claims that permission checks read; a subset of the token claims. */
export type PermissionClaims = {
  tuid: string;
  loginTuid: string;
  admin: boolean;
  connectionRole: string | null;
  permissions: TPermissions;
  /** Set when an API key calls: its scopes are the permissions, whoever owns the account. */
  apiKeyId?: string;
};

/** The owner acting on their own account, the owner-level role and provider support have full access; an API key never. */
export function hasFullAccess(claims: PermissionClaims): boolean {
  if (claims.apiKeyId) return false;
  return claims.admin || claims.tuid === claims.loginTuid || claims.connectionRole === ROLE_IDS.owner;
}

export function hasPermission(claims: PermissionClaims, section: Section, flag: Flag): boolean {
  return hasFullAccess(claims) || claims.permissions[section][flag];
}

/** Sidebar order (spec §2.2); also the order of "first readable section" on access switching (spec §4). */
export const SECTION_ROUTES: ReadonlyArray<{ section: Section; path: string; to: string; key: string }> = [
  { section: 'dashboard', path: '/dashboard', to: '/dashboard', key: 'nav.dashboard' },
  { section: 'contact', path: '/contacts', to: '/contacts?tab=0', key: 'nav.contacts' },
  { section: 'group', path: '/groups', to: '/groups', key: 'nav.groups' },
  { section: 'email', path: '/emails', to: '/emails?tab=0', key: 'nav.emails' },
  { section: 'sms', path: '/sms-and-mms', to: '/sms-and-mms?tab=0', key: 'nav.smsAndMms' },
  { section: 'template', path: '/templates', to: '/templates', key: 'nav.templates' },
];

export function readableSections(claims: PermissionClaims) {
  return SECTION_ROUTES.filter((route) => hasPermission(claims, route.section, 'read'));
}

/** The file manager icon needs write on email, sms or template (spec §2.2). */
export function canUseFileManager(claims: PermissionClaims): boolean {
  return (['email', 'sms', 'template'] as const).some((section) => hasPermission(claims, section, 'write'));
}

export function isActingOnOtherAccount(claims: Pick<PermissionClaims, 'tuid' | 'loginTuid'>): boolean {
  return claims.tuid !== claims.loginTuid;
}
