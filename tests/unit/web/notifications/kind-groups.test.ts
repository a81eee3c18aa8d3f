/** The settings page lists every notification kind exactly once. */
import { expect, it } from 'vitest';
import { EMAILABLE_TYPES } from '../../../../shared/domain/notifications.js';
import { KIND_GROUPS } from '../../../../web/src/routes/settings/notifications/kind-groups.js';

it('groups every kind a user may receive by email, each once', () => {
  const listed = KIND_GROUPS.flatMap((group) => group.types);
  expect([...listed].sort()).toEqual([...EMAILABLE_TYPES].sort());
});
