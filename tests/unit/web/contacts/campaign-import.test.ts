/**
 * A contact import made for an email campaign (spec §2.1 upload-file): the new group's name, the
 * way back to the wizard, and the selection the wizard saves from it.
 */
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../../../shared/constants.js';
import { campaignGroupName, includeUploadedImport, readCampaignRef, readUploadedImport, uploadedImportPath } from '../../../../web/src/paths/campaign-import.js';

const label = (name: string) => `${name} – uploaded 25 Nov 2026`;

describe('campaignGroupName', () => {
  it('names the group after the campaign', () => {
    // Act
    const name = campaignGroupName('Spring news', label, ['Customers']);

    // Assess
    expect(name).toBe('Spring news – uploaded 25 Nov 2026');
  });

  it('numbers a name the account already has, in any case', () => {
    // Act
    const name = campaignGroupName('Spring news', label, ['spring NEWS – uploaded 25 nov 2026', 'Spring news – uploaded 25 Nov 2026 (2)']);

    // Assess
    expect(name).toBe('Spring news – uploaded 25 Nov 2026 (3)');
  });

  it("shortens a long campaign name so the whole, number included, fits a group name", () => {
    // Prepare
    const long = 'N'.repeat(CONTACT_LIMITS.groupNameLength);

    // Act
    const first = campaignGroupName(long, label, []);
    const second = campaignGroupName(long, label, [first]);

    // Assess
    expect(first).toHaveLength(CONTACT_LIMITS.groupNameLength);
    expect(first).toMatch(/^N+… – uploaded 25 Nov 2026$/);
    expect(second).toHaveLength(CONTACT_LIMITS.groupNameLength);
    expect(second).toMatch(/^N+… – uploaded 25 Nov 2026 \(2\)$/);
  });
});

describe('the way back to the wizard', () => {
  it('reads back the import and groups it was given', () => {
    // Act
    const path = uploadedImportPath({ id: 'C1', type: 'Email' }, { importId: '01JIMPORT', groupIds: ['g1', 'g2'] });
    const params = new URLSearchParams(path.slice(path.indexOf('?')));

    // Assess
    expect(path.startsWith('/emails/create-email-campaign/upload-file?id=C1&')).toBe(true);
    expect(readUploadedImport(params)).toEqual({ importId: '01JIMPORT', groupIds: ['g1', 'g2'] });
    expect(readUploadedImport(new URLSearchParams('id=C1'))).toBeNull();
  });

  it('leads back to the wizard of the campaign type it was given', () => {
    // Act
    const sms = uploadedImportPath({ id: 'C2', type: 'SMS' }, { importId: '01JIMPORT', groupIds: ['g1'] });
    const mms = uploadedImportPath({ id: 'C3', type: 'MMS' }, { importId: '01JIMPORT', groupIds: ['g1'] });

    // Assess
    expect(sms.startsWith('/sms-and-mms/create-sms-campaign/upload-file?id=C2&')).toBe(true);
    expect(mms.startsWith('/sms-and-mms/create-mms-campaign/upload-file?id=C3&')).toBe(true);
  });

  it('reads the campaign an import is for, an email campaign when no type is named', () => {
    // Assess
    expect(readCampaignRef(new URLSearchParams('campaign=C1'))).toEqual({ id: 'C1', type: 'Email' });
    expect(readCampaignRef(new URLSearchParams('campaign=C2&campaignType=MMS'))).toEqual({ id: 'C2', type: 'MMS' });
    expect(readCampaignRef(new URLSearchParams('campaignType=MMS'))).toBeNull();
  });

  it('includes the groups once, takes them out of the excluded ones, and records the import', () => {
    // Prepare
    const selection = { includedGroup: ['a', 'g1'], excludedGroup: ['g2', 'x'], includedCampaign: [], excludedCampaign: [] };

    // Act
    const part = includeUploadedImport(selection, { importId: '01JIMPORT', groupIds: ['g1', 'g2'] });

    // Assess
    expect(part).toEqual({ selection: { includedGroup: ['a', 'g1', 'g2'], excludedGroup: ['x'], includedCampaign: [], excludedCampaign: [] }, uploadImportId: '01JIMPORT' });
  });
});
