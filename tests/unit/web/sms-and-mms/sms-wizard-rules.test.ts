/** The SMS area's URLs (spec §2.1), pasted numbers and usable sender IDs. */
import { describe, expect, it } from 'vitest';
import { campaignPaths, openPathOf, wizardStepPath } from '../../../../web/src/paths/campaigns.js';
import { SMS_REPORT_VIEWS } from '../../../../web/src/api/campaigns.js';
import { numbersIn } from '../../../../web/src/routes/sms-and-mms/wizard/sms-rules.js';

describe('campaign URLs', () => {
  it('opens each type in its own wizard and area', () => {
    expect(wizardStepPath('SMS', 'sender-id', 'C1')).toBe('/sms-and-mms/create-sms-campaign/sender-id?id=C1');
    expect(wizardStepPath('MMS', 'information', 'C2')).toBe('/sms-and-mms/create-mms-campaign/information?id=C2');
    expect(wizardStepPath('Email', 'information', 'C3')).toBe('/emails/create-email-campaign/information?id=C3');
  });

  it('opens a draft in its wizard and any other campaign in its area report', () => {
    expect(openPathOf({ id: 'C1', status: 'draft', type: 'MMS' })).toBe('/sms-and-mms/create-mms-campaign/select-groups?id=C1');
    expect(openPathOf({ id: 'C1', status: 'finished', type: 'SMS' })).toBe('/sms-and-mms/campaign-report?id=C1&view=overview');
    expect(openPathOf({ id: 'C1', status: 'finished', type: 'base_sms' })).toBe('/sms-and-mms/base-campaign-report/overview?id=C1');
    expect(openPathOf({ id: 'C1', status: 'started', type: 'Email' })).toBe('/emails/campaign-report?id=C1&view=overview');
  });

  it('keeps a tab in the list URL', () => {
    expect(campaignPaths('sms').list()).toBe('/sms-and-mms');
    expect(campaignPaths('sms').list('sent')).toBe('/sms-and-mms?tab=sent');
    expect(campaignPaths('sms').report('C1', 'failed')).toBe('/sms-and-mms/campaign-report?id=C1&view=failed');
  });

  it('lists SMS failures and skips, never bounces', () => {
    expect(SMS_REPORT_VIEWS).toEqual(['overview', 'delivery', 'failed', 'skipped', 'click']);
  });
});

describe('numbersIn', () => {
  it('splits on lines, commas and semicolons, keeping the spaces inside a number', () => {
    expect(numbersIn('+1 415 555 0100\n9123 4567, +852 6123-4567 ;\r\n\n 98765432 ')).toEqual(['+1 415 555 0100', '9123 4567', '+852 6123-4567', '98765432']);
  });
});
