/** The search area's URLs (spec §2.1), built in one place. */
import type { TContactFilter } from '../../../shared/schemas/contact-search.js';
import { filterToParams } from '../components/conditions/filter-params.js';

export const searchPaths = {
  /** The contact search, running `filter` when given. */
  contacts: (filter?: TContactFilter) => (filter ? `/advanced-search/contacts?${filterToParams(filter).toString()}` : '/advanced-search/contacts'),
  groups: (search: string) => `/advanced-search/groups?${new URLSearchParams({ search }).toString()}`,
  templates: (search: string) => `/advanced-search/templates?${new URLSearchParams({ search }).toString()}`,
  emails: (search: string) => `/advanced-search/emails?${new URLSearchParams({ search }).toString()}`,
  smsAndMms: (search: string) => `/advanced-search/sms-and-mms?${new URLSearchParams({ search }).toString()}`,
  tab: (tab: string) => `/advanced-search/${tab}`,
} as const;
