import { describe, expect, it } from 'vitest';
import { fullScreenEditorAt, isFooterVisible, isHiddenMenuRoute } from '../../../web/src/routes/route-layout.js';
import { connectionBannerKind, isLanguageSelectorShown, isShoppingCartShown } from '../../../web/src/shell/shell-rules.js';

const own = { tuid: 'a', loginTuid: 'a', admin: false, teamAdmin: false, connectionRole: null, hideShoppingCart: false };
const other = { ...own, tuid: 'b', connectionRole: '00000000-0000-0000-0000-000000000004' };

describe('route layout (spec §2.2)', () => {
  it('hides the footer on the full-height list pages only', () => {
    for (const path of ['/contacts', '/groups/save-group', '/emails', '/sms-and-mms', '/templates', '/search-results', '/advanced-search/groups']) {
      expect(isFooterVisible(path), path).toBe(false);
    }
    expect(isFooterVisible('/dashboard')).toBe(true);
    expect(isFooterVisible('/settings/account')).toBe(true);
  });

  it('knows the hidden-menu routes', () => {
    for (const path of ['/account-banned', '/creating-account', '/account-force-verify', '/welcome']) expect(isHiddenMenuRoute(path)).toBe(true);
    expect(isHiddenMenuRoute('/dashboard')).toBe(false);
  });

  it('recognises a full-screen editor handle by name', () => {
    expect(fullScreenEditorAt('/templates/template-editor')).toBe('templates-templateEditor');
    expect(fullScreenEditorAt('/emails/create-email-campaign/code-editor/')).toBe('createCampaign-CKEditor');
    expect(fullScreenEditorAt('/templates')).toBeUndefined();
  });
});

describe('shell rules', () => {
  it('shows the cart only on the own, non-CRM account with the cart not hidden', () => {
    expect(isShoppingCartShown({ isCustomizedCrm: false }, own)).toBe(true);
    expect(isShoppingCartShown({ isCustomizedCrm: true }, own)).toBe(false);
    expect(isShoppingCartShown({ isCustomizedCrm: false }, { ...own, hideShoppingCart: true })).toBe(false);
    expect(isShoppingCartShown({ isCustomizedCrm: false }, other)).toBe(false);
  });

  it('shows the language selector in development on the own account only', () => {
    expect(isLanguageSelectorShown({ stage: 'development' }, own)).toBe(true);
    expect(isLanguageSelectorShown({ stage: 'production' }, own)).toBe(false);
    expect(isLanguageSelectorShown({ stage: 'development' }, other)).toBe(false);
    expect(isLanguageSelectorShown(undefined, own)).toBe(false);
  });

  it('picks the connection banner kind', () => {
    expect(connectionBannerKind(own)).toBeNull();
    expect(connectionBannerKind(other)).toBe('connection');
    expect(connectionBannerKind({ ...own, teamAdmin: true })).toBe('teamAdmin');
    expect(connectionBannerKind({ ...own, admin: true, tuid: 'b' })).toBe('support');
    expect(connectionBannerKind({ ...other, admin: true })).toBe('connection');
  });
});
