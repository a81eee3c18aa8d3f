/**
 * A contact import made from a campaign's upload-file step (spec §2.1, email, SMS and MMS): the
 * import pages carry the campaign (`?campaign=&campaignType=`), fill a new snapshot group named after it, and hand the import
 * and its groups back to the wizard in the URL, which includes them through its own save path.
 */
import { CONTACT_LIMITS } from '../../../shared/constants.js';
import type { TRecipientSelection } from '../../../shared/schemas/groups.js';
import type { CampaignType } from '../../../shared/domain/campaign-channels.js';
import { CAMPAIGN_TYPES } from '../../../shared/domain/campaign-channels.js';
import type { TCampaignCommand } from '../../../shared/schemas/campaigns.js';
import { wizardStepPath } from './campaigns.js';

/** The query parameters of the import pages naming the campaign the import is for, and its type (which wizard it returns to). */
export const CAMPAIGN_PARAM = 'campaign';
const CAMPAIGN_TYPE_PARAM = 'campaignType';

/** The campaign an import is made for. */
export type CampaignRef = { id: string; type: CampaignType };

/** The campaign the import pages were opened for; an import link without a type is an email campaign's (the first kind there was). */
export function readCampaignRef(params: URLSearchParams): CampaignRef | null {
  const id = params.get(CAMPAIGN_PARAM);
  if (!id) return null;
  return { id, type: CAMPAIGN_TYPES.find((type) => type === params.get(CAMPAIGN_TYPE_PARAM)) ?? 'Email' };
}

/** The query naming the campaign on the import pages. */
export function campaignRefQuery(campaign: CampaignRef): string {
  return new URLSearchParams({ [CAMPAIGN_PARAM]: campaign.id, [CAMPAIGN_TYPE_PARAM]: campaign.type }).toString();
}

/** The campaign's upload-file step, where the import leads back. */
export function uploadStepPath(campaign: CampaignRef): string {
  return wizardStepPath(campaign.type, 'upload-file', campaign.id);
}
const IMPORT_PARAM = 'import';
const GROUPS_PARAM = 'groups';

export type UploadedImport = { importId: string; groupIds: string[] };

/**
 * The name of the group an import for a campaign fills: `label(name)` around the campaign's name,
 * the name shortened with an ellipsis so the whole fits a group name, and numbered when the account
 * already has that name (group names are unique in any case).
 */
export function campaignGroupName(campaignName: string, label: (name: string) => string, takenNames: readonly string[]): string {
  const taken = new Set(takenNames.map((name) => name.toLowerCase()));
  for (let copy = 1; ; copy += 1) {
    const suffix = copy === 1 ? '' : ` (${copy})`;
    const whole = label(campaignName) + suffix;
    const excess = whole.length - CONTACT_LIMITS.groupNameLength;
    const name = excess > 0 ? label(`${campaignName.slice(0, Math.max(0, campaignName.length - excess - 1))}…`) + suffix : whole;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** The wizard's upload-file step, told which import (and groups) the user has just started. */
export function uploadedImportPath(campaign: CampaignRef, uploaded: UploadedImport): string {
  const query = new URLSearchParams({ [IMPORT_PARAM]: uploaded.importId, [GROUPS_PARAM]: uploaded.groupIds.join(',') });
  return `${uploadStepPath(campaign)}&${query.toString()}`;
}

/** What uploadedImportPath put in the URL; null when the page was not opened by it. */
export function readUploadedImport(params: URLSearchParams): UploadedImport | null {
  const importId = params.get(IMPORT_PARAM);
  if (!importId) return null;
  return { importId, groupIds: (params.get(GROUPS_PARAM) ?? '').split(',').filter(Boolean) };
}

/** The command part that includes the import's groups in the selection and records the import. */
export function includeUploadedImport(selection: TRecipientSelection, uploaded: UploadedImport): Pick<TCampaignCommand, 'selection' | 'uploadImportId'> {
  const included = new Set(uploaded.groupIds);
  return {
    selection: {
      ...selection,
      includedGroup: [...selection.includedGroup.filter((id) => !included.has(id)), ...uploaded.groupIds],
      // A group cannot be both included and excluded: the upload's intent wins.
      excludedGroup: selection.excludedGroup.filter((id) => !included.has(id)),
    },
    uploadImportId: uploaded.importId,
  };
}
