import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../shared/constants.js';
import {
  canUseFileManager,
  hasPermission,
  readableSections,
  ROLE_PERMISSIONS,
  type PermissionClaims,
} from '../../../shared/domain/permissions.js';
import { canSeeExport, canSeeExports } from '../../../shared/domain/exports.js';

const connected = (role: keyof typeof ROLE_PERMISSIONS): PermissionClaims => ({
  tuid: 'owner',
  loginTuid: 'member',
  admin: false,
  connectionRole: ROLE_IDS[role],
  permissions: ROLE_PERMISSIONS[role],
});

describe('permissions (spec §6)', () => {
  it('gives the owner on their own account full access whatever the flags say', () => {
    const own = { ...connected('analyst'), loginTuid: 'owner' };
    expect(hasPermission(own, 'contact', 'delete')).toBe(true);
  });

  it('gives provider support and the owner-level role full access', () => {
    expect(hasPermission({ ...connected('analyst'), admin: true }, 'email', 'execute')).toBe(true);
    expect(hasPermission({ ...connected('analyst'), connectionRole: ROLE_IDS.owner }, 'email', 'execute')).toBe(true);
  });

  it('keeps a Data Manager to contacts and groups', () => {
    const claims = connected('dataUser');
    expect(readableSections(claims).map((s) => s.section)).toEqual(['dashboard', 'contact', 'group']);
    expect(canUseFileManager(claims)).toBe(false);
  });

  it('lets a Campaign Creator send but not see contacts', () => {
    const claims = connected('campaignCreator');
    expect(hasPermission(claims, 'email', 'execute')).toBe(true);
    expect(hasPermission(claims, 'contact', 'read')).toBe(false);
    expect(canUseFileManager(claims)).toBe(true);
  });

  it('keeps an Analyst to viewing', () => {
    const claims = connected('analyst');
    expect(hasPermission(claims, 'template', 'read')).toBe(true);
    expect(hasPermission(claims, 'template', 'write')).toBe(false);
  });
});

describe('who sees an export (shared/domain/exports.ts)', () => {
  const report = { kind: 'campaignReport', family: 'sms', campaignId: 'c', campaignName: 'Sale', view: 'delivery' } as const;

  it('needs contact export for contacts and the family’s read for a campaign report', () => {
    expect(canSeeExport(connected('dataUser'), { kind: 'all' })).toBe(true);
    expect(canSeeExport(connected('dataUser'), report)).toBe(false);
    expect(canSeeExport(connected('analyst'), { kind: 'all' })).toBe(false);
    expect(canSeeExport(connected('analyst'), report)).toBe(true);
    expect(canSeeExport(connected('campaignCreator'), { ...report, family: 'email' })).toBe(true);
  });

  it('opens the exports page to any role with either', () => {
    expect(canSeeExports(connected('analyst'))).toBe(true);
    expect(canSeeExports(connected('dataUser'))).toBe(true);
    expect(canSeeExports({ ...connected('dataUser'), permissions: { ...ROLE_PERMISSIONS.dataUser, contact: { read: true, write: true, delete: true, execute: false } } })).toBe(false);
  });
});
