/** The contacts area's URLs (spec §2.1), built in one place. */
export const contactPaths = {
  list: '/contacts?tab=0',
  fields: '/contacts?tab=1',
  create: '/contacts/create-contact',
  edit: (id: string) => `/contacts/edit-contact?id=${encodeURIComponent(id)}`,
  profile: (id: string) => `/contacts/profile?id=${encodeURIComponent(id)}`,
  importContacts: '/contacts/import-contacts',
  importConfirm: (id: string) => `/contacts/import-contacts/confirm?id=${encodeURIComponent(id)}`,
  importReport: (id: string) => `/contacts/import-report?id=${encodeURIComponent(id)}`,
} as const;
