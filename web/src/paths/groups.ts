/** The groups area's URLs (spec §2.1), built in one place. */
import type { GroupType } from '../api/groups.js';
import type { TContactFilter } from '../../../shared/schemas/contact-search.js';
import { filterToParams } from '../components/conditions/filter-params.js';

const withId = (path: string, id: string) => `${path}?${new URLSearchParams({ id }).toString()}`;

export const groupPaths = {
  list: '/groups',
  create: '/groups/create-group',
  modify: (id: string) => withId('/groups/modify-group', id),
  details: (id: string) => withId('/groups/group-details', id),
  /** Saving an advanced search as a group, with the type chosen beforehand. */
  save(type: GroupType, filter: TContactFilter): string {
    const params = filterToParams(filter);
    params.set('type', type);
    return `/groups/save-group?${params.toString()}`;
  },
} as const;
