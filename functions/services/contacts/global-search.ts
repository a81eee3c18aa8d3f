/**
 * The global search (spec §2.5, /search-results): the first hits in each area the user may read.
 * Campaigns (email, and SMS and MMS apart) are those whose name or subject matches, with their
 * status as detail and their type, which says what opens them.
 */
import type { CampaignFamily } from '../../../shared/domain/campaign-channels.js';
import { hasPermission } from '../../../shared/domain/permissions.js';
import { formatMobile } from '../../../shared/domain/phone.js';
import type { TGlobalSearchResponse } from '../../../shared/schemas/search.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { loadFilterContext, searchContacts } from './contact-search.js';
import { listGroupsPage } from './groups.js';
import { listCampaigns } from '../campaigns/campaigns.js';
import { listTemplates } from '../templates/templates.js';

export async function searchEverywhere(options: { claims: VerifiedToken; text: string; limit: number }): Promise<TGlobalSearchResponse> {
  const { claims, text, limit } = options;
  const areas: TGlobalSearchResponse['areas'] = [];
  const campaignsOf = (family: CampaignFamily) => listCampaigns({ tuid: claims.tuid, family, query: { tab: 'all', search: text, page: 1, limit }, now: new Date() });
  const [contacts, groups, campaigns, smsCampaigns, templates] = await Promise.all([
    hasPermission(claims, 'contact', 'read') ? loadFilterContext(claims.tuid).then((context) => searchContacts({ context, request: { quickSearch: text, limit } })) : null,
    hasPermission(claims, 'group', 'read') ? listGroupsPage({ tuid: claims.tuid, page: 1, limit, search: text }) : null,
    hasPermission(claims, 'email', 'read') ? campaignsOf('email') : null,
    hasPermission(claims, 'sms', 'read') ? campaignsOf('sms') : null,
    hasPermission(claims, 'template', 'read') ? listTemplates({ tuid: claims.tuid, query: { limit, search: text }, now: new Date() }) : null,
  ]);
  if (contacts) {
    areas.push({
      area: 'contacts',
      hits: contacts.data.map((contact) => ({
        id: contact.id,
        title: contact.email ?? formatMobile(contact.mobile!),
        detail: contact.email && contact.mobile ? formatMobile(contact.mobile) : null,
      })),
      more: contacts.nextCursor !== null,
    });
  }
  if (groups) {
    areas.push({
      area: 'groups',
      hits: groups.data.map((group) => ({ id: group.id, title: group.name, detail: group.count === null ? null : String(group.count) })),
      more: groups.total > limit,
    });
  }
  for (const [area, list] of [['campaigns', campaigns], ['smsCampaigns', smsCampaigns]] as const) {
    if (!list) continue;
    areas.push({
      area,
      hits: list.data.map((campaign) => ({ id: campaign.id, title: campaign.name, detail: campaign.status, campaignType: campaign.type })),
      more: list.total > limit,
    });
  }
  if (templates) {
    areas.push({
      area: 'templates',
      hits: templates.data.map((template) => ({ id: template.id, title: template.name, detail: template.kind })),
      more: templates.nextCursor !== null,
    });
  }
  return { areas };
}
