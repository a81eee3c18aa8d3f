import { CAMPAIGN_PARAM } from './import/campaign-import.js';

/** `&campaign=` when an import is made for an email campaign (campaign-import.ts). */
const forCampaign = (campaignId?: string | null) => (campaignId ? `&${CAMPAIGN_PARAM}=${encodeURIComponent(campaignId)}` : '');

/** The contacts area's URLs (spec §2.1), built in one place. */
export const contactPaths = {
  list: '/contacts?tab=0',
  fields: '/contacts?tab=1',
  create: '/contacts/create-contact',
  edit: (id: string) => `/contacts/edit-contact?id=${encodeURIComponent(id)}`,
  profile: (id: string) => `/contacts/profile?id=${encodeURIComponent(id)}`,
  importContacts: '/contacts/import-contacts',
  importForCampaign: (campaignId: string) => `/contacts/import-contacts?${CAMPAIGN_PARAM}=${encodeURIComponent(campaignId)}`,
  importUnsubscribedEmails: '/contacts/import-unsubscribed-emails',
  importUnsubscribedMobiles: '/contacts/import-unsubscribed-mobile-numbers',
  importConfirm: (id: string, campaignId?: string | null) => `/contacts/import-contacts/confirm?id=${encodeURIComponent(id)}${forCampaign(campaignId)}`,
  importReport: (id: string) => `/contacts/import-report?id=${encodeURIComponent(id)}`,
} as const;

/** The upload page of each kind of import. */
export const IMPORT_UPLOAD_PATHS = {
  contacts: contactPaths.importContacts,
  unsubscribedEmails: contactPaths.importUnsubscribedEmails,
  unsubscribedMobiles: contactPaths.importUnsubscribedMobiles,
} as const;
