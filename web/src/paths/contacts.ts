import { campaignRefQuery, type CampaignRef } from './campaign-import.js';

/** `&campaign=&campaignType=` when an import is made for a campaign (campaign-import.ts). */
const forCampaign = (campaign?: CampaignRef | null) => (campaign ? `&${campaignRefQuery(campaign)}` : '');

/** The contacts area's URLs (spec §2.1), built in one place. */
export const contactPaths = {
  list: '/contacts?tab=0',
  fields: '/contacts?tab=1',
  create: '/contacts/create-contact',
  edit: (id: string) => `/contacts/edit-contact?id=${encodeURIComponent(id)}`,
  profile: (id: string) => `/contacts/profile?id=${encodeURIComponent(id)}`,
  importContacts: '/contacts/import-contacts',
  importForCampaign: (campaign: CampaignRef) => `/contacts/import-contacts?${campaignRefQuery(campaign)}`,
  importUnsubscribedEmails: '/contacts/import-unsubscribed-emails',
  importUnsubscribedMobiles: '/contacts/import-unsubscribed-mobile-numbers',
  importConfirm: (id: string, campaign?: CampaignRef | null) => `/contacts/import-contacts/confirm?id=${encodeURIComponent(id)}${forCampaign(campaign)}`,
  importReport: (id: string) => `/contacts/import-report?id=${encodeURIComponent(id)}`,
} as const;

/** The upload page of each kind of import. */
export const IMPORT_UPLOAD_PATHS = {
  contacts: contactPaths.importContacts,
  unsubscribedEmails: contactPaths.importUnsubscribedEmails,
  unsubscribedMobiles: contactPaths.importUnsubscribedMobiles,
} as const;
