/**
 * A snapshot group's size reaches the account's open tabs (the mlst event), so a second tab's
 * group list refreshes without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContact } from '../../../shared/schemas/contacts.js';
import type { TGroup } from '../../../shared/schemas/groups.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { call } from '../../helpers/api.js';
import { openTab, signUp } from '../../helpers/socket-clients.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.stop());

describe('group size events', () => {
  it('pushes mlst with the new size to every tab of the account when members change', async () => {
    // Prepare
    const owner = await signUp(host, 'groups-owner@example.com');
    const tab = await openTab(host, owner.token, 'g-1');
    const contact = (await call<{ contact: TContact }>(host.api, owner, 'POST', '/contacts', { email: 'member@example.com' })).body.contact;
    const group = (await call<{ group: TGroup }>(host.api, owner, 'POST', '/groups', { type: 'S', name: 'Live' })).body.group;

    // Act
    await call(host.api, owner, 'POST', `/groups/${group.id}/members`, { add: [contact.id] });

    // Assess
    const event = await tab.waitFor((received) => received.event === 'mlst' && (received.data as { size: number }).size === 1);
    expect(event).toEqual({ event: 'mlst', userId: owner.userId, data: { groupId: group.id, size: 1 } });
    tab.close();
  });
});
