/**
 * Groups, advanced search and global search in a real Chromium against the local host (spec §2.1,
 * §2.5, §3 "Group (MailingList)", §9 search buffer): contacts are seeded through the API, then the
 * user builds conditions, sees the count and the contacts, saves the search as an auto-update group
 * (regenerated on use), saves a result as a snapshot group and edits its members, meets the locked
 * system lists, deletes a group without losing contacts, and searches everything from the header.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TContact } from '../../shared/schemas/contacts.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { API, call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';
import { seedContact } from '../helpers/seed/contacts.js';

/** Marks this test's contacts, so nothing else the account holds can match. */
const TAG = 'acme-e2e';

describe('groups and search', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;
  const contacts = new Map<string, TContact>();

  beforeAll(() => {
    ({ host, page, demo } = signedIn);
  });

  async function addContact(email: string, mobile: string | null): Promise<void> {
    contacts.set(email, await seedContact(host.api, demo, { email, ...(mobile && { mobile }) }));
  }

  /** Searches wait for the 1 s search buffer, and auto-update groups are counted on each use. */
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });
  const condition = (name: string) => page.getByRole('group', { name, exact: true });
  const rowEmails = (table: Locator) => table.getByTestId('contact-row').locator('td:nth-last-child(3)').allTextContents();
  const groupRow = (name: string) => page.getByTestId('group-row').filter({ has: page.getByTestId('group-name').getByText(name, { exact: true }) });

  async function openGroups(): Promise<void> {
    await page.goto(`${host.url}/#/groups`);
    await page.getByTestId('group-table').waitFor();
  }

  it('builds conditions in advanced search, checks them, and shows the count and the contacts', async () => {
    // Prepare
    await addContact(`ann@${TAG}.test`, '+85291230001');
    await addContact(`bob@${TAG}.test`, null);
    await addContact(`cat@${TAG}.test`, '+85291230002');
    await addContact('dan@elsewhere.test', '+85291230003');
    await page.goto(`${host.url}/#/advanced-search`);
    await page.waitForURL(/#\/advanced-search\/contacts$/);

    // Act: email contains the tag AND mobile is not empty; Search before the value is typed.
    const first = condition('Condition 1');
    expect(await first.getByLabel('Field').inputValue()).toBe('email');
    await first.getByLabel('Operator').selectOption({ label: 'contains' });
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const second = condition('Condition 2');
    await second.getByLabel('Field').selectOption({ label: 'Mobile' });
    await second.getByLabel('Operator').selectOption({ label: 'is not empty' });
    await page.getByTestId('advanced-search-submit').click();

    // Assess: the empty value is refused before anything is sent.
    expect(await first.getByText('Enter a value.').isVisible()).toBe(true);
    expect(await second.getByLabel('Value').count()).toBe(0);
    expect(await page.getByTestId('advanced-search-idle').isVisible()).toBe(true);

    // Act
    await first.getByLabel('Value').fill(TAG);
    await page.getByTestId('advanced-search-submit').click();

    // Assess
    await poll(() => page.getByTestId('match-count').textContent()).toBe('2 contacts match');
    const results = page.getByTestId('result-table');
    await poll(() => rowEmails(results)).toEqual(expect.arrayContaining([`ann@${TAG}.test`, `cat@${TAG}.test`]));
    expect(await results.getByTestId('contact-row').count()).toBe(2);
    expect(await page.getByTestId('pager-range').textContent()).toBe('1–2 of 2');
    await takeScreenshot(page, 'groups-search-advanced-results');
  });

  it('saves the search as an auto-update group that stores the conditions', async () => {
    // Act
    await page.getByTestId('save-auto-group').click();
    await page.getByTestId('save-group').waitFor();
    expect(await page.getByRole('radio', { name: /Auto-update/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('condition-summary-item').allTextContents()).toEqual([`Email contains “${TAG}”`, 'Mobile is not empty']);
    await poll(() => page.getByTestId('match-count').textContent()).toBe('2 contacts match');
    await page.getByLabel('Group name').fill('Acme with mobile');
    await takeScreenshot(page, 'groups-search-save-auto');
    await page.getByTestId('save-group-submit').click();

    // Assess
    await page.getByTestId('group-details').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Acme with mobile');
    expect(await page.getByTestId('group-type').textContent()).toBe('Auto-update');
    expect(await page.getByTestId('group-details-count').textContent()).toBe('2 contacts');
    await poll(() => rowEmails(page.getByTestId('member-table'))).toEqual(expect.arrayContaining([`ann@${TAG}.test`, `cat@${TAG}.test`]));
    expect(await page.getByTestId('condition-summary-item').count()).toBe(2);
  });

  it('lists the auto-update group with its count, which grows when a matching contact is added', async () => {
    // Act
    await openGroups();
    const row = groupRow('Acme with mobile');
    await row.getByTestId('group-count-button').click();

    // Assess
    await poll(() => row.getByTestId('group-count').textContent()).toBe('2');
    expect(await row.getByText('Auto-update').isVisible()).toBe(true);

    // Act: a new contact that matches; the group is regenerated when it is used again.
    await addContact(`eve@${TAG}.test`, '+85291230004');
    await row.getByTestId('group-name').click();

    // Assess
    await poll(() => page.getByTestId('group-details-count').textContent()).toBe('3 contacts');
    await poll(() => page.getByTestId('member-table').getByTestId('contact-row').count()).toBe(3);

    // Act: back in the list, counting again.
    await page.getByTestId('group-details').getByRole('link', { name: 'Groups', exact: true }).click();
    await row.getByTestId('group-count-button').click();

    // Assess
    await poll(() => row.getByTestId('group-count').textContent()).toBe('3');
  });

  it('saves a search result as a snapshot group, then removes and adds members on its page', async () => {
    // Prepare: the tag alone selects ann, bob, cat and eve.
    await page.goto(`${host.url}/#/advanced-search/contacts`);
    await condition('Condition 1').getByLabel('Value').fill(TAG);
    await page.getByTestId('advanced-search-submit').click();
    await poll(() => page.getByTestId('match-count').textContent()).toBe('4 contacts match');

    // Act
    await page.getByTestId('save-snapshot-group').click();
    await page.getByTestId('save-group').waitFor();
    expect(await page.getByRole('radio', { name: /Snapshot/ }).isChecked()).toBe(true);
    await page.getByLabel('Group name').fill('acme WITH mobile');
    await page.getByTestId('save-group-submit').click();
    // Names are unique in the account: the server's answer lands under the field.
    await page.getByText('This group name is already in use.').waitFor();
    await page.getByLabel('Group name').fill('Acme snapshot');
    await page.getByTestId('save-group-submit').click();
    await page.getByTestId('group-details').waitFor();

    // Assess
    expect(await page.getByTestId('group-type').textContent()).toBe('Snapshot');
    expect(await page.getByTestId('group-details-count').textContent()).toBe('4 contacts');
    const members = page.getByTestId('member-table');
    await poll(() => members.getByTestId('contact-row').count()).toBe(4);

    // Act: remove bob.
    await members.getByRole('checkbox', { name: `Select bob@${TAG}.test` }).check({ force: true });
    expect(await page.getByTestId('member-selection').textContent()).toContain('1 selected');
    await page.getByTestId('remove-members').click();

    // Assess
    await poll(() => page.getByTestId('group-details-count').textContent()).toBe('3 contacts');
    await poll(() => rowEmails(members)).toEqual(expect.not.arrayContaining([`bob@${TAG}.test`]));
    expect(await members.getByTestId('contact-row').count()).toBe(3);

    // Act: add dan through the picker.
    await page.getByTestId('add-contacts').click();
    const picker = page.getByTestId('add-contacts-dialog');
    await picker.getByLabel('Search contacts').fill('dan@');
    await poll(() => rowEmails(picker.getByTestId('add-contacts-table'))).toEqual(['dan@elsewhere.test']);
    await picker.getByRole('checkbox', { name: 'Select dan@elsewhere.test' }).check({ force: true });
    await takeScreenshot(page, 'groups-search-add-contacts');
    await picker.getByRole('button', { name: 'Add 1 contact' }).click();

    // Assess
    await picker.waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('group-details-count').textContent()).toBe('4 contacts');
    await poll(() => rowEmails(members)).toEqual(expect.arrayContaining(['dan@elsewhere.test']));
    await takeScreenshot(page, 'groups-search-snapshot-details');
  });

  it('shows the system lists first, marked and locked against editing and deleting', async () => {
    // Act
    await openGroups();

    // Assess
    const names = await page.getByTestId('group-name').allTextContents();
    expect(names.slice(0, 2)).toEqual(['All Contacts with Emails', 'All Contacts with Mobile']);
    const systemRows = page.locator('[data-testid="group-row"][data-system="true"]');
    expect(await systemRows.count()).toBe(2);
    for (const row of await systemRows.all()) {
      expect(await row.getByTestId('system-badge').textContent()).toBe('System');
      expect(await row.getByTestId('system-lock').count()).toBe(1);
      expect(await row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      expect(await row.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    }
    expect(await groupRow('Acme snapshot').getByRole('link', { name: 'Edit Acme snapshot' }).count()).toBe(1);
    await takeScreenshot(page, 'groups-search-list');

    // Act: a system list's own page and its edit address.
    await groupRow('All Contacts with Emails').getByTestId('group-name').click();
    await page.getByTestId('group-details').waitFor();
    expect(await page.getByTestId('edit-group').count()).toBe(0);
    expect(await page.getByTestId('delete-group').count()).toBe(0);
    const answer = await call<{ statusCode: string }>(host.api, demo, 'PUT', '/groups/system-email', { name: 'Mine now' });
    await page.goto(`${host.url}/#/groups/modify-group?id=system-email`);

    // Assess
    expect(answer.status).toBe(409);
    expect(answer.body.statusCode).toBe('VALIDATE_GROUP_NOT_EDITABLE');
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-page-code').textContent()).toBe('Code: VALIDATE_GROUP_NOT_EDITABLE');
  });

  it('deletes a group after saying its contacts stay, and they do', async () => {
    // Prepare
    await openGroups();

    // Act
    await groupRow('Acme snapshot').getByRole('button', { name: 'Delete Acme snapshot' }).click();
    const dialog = page.getByTestId('delete-group-dialog');
    expect(await dialog.textContent()).toContain('Its contacts are not deleted');
    await page.getByTestId('delete-group-dialog-confirm').click();

    // Assess
    await dialog.waitFor({ state: 'detached' });
    await poll(() => groupRow('Acme snapshot').count()).toBe(0);
    const count = await call<{ count: number }>(host.api, demo, 'POST', '/contacts/count', { quickSearch: TAG });
    expect(count.body.count).toBe(4);
    for (const email of [`ann@${TAG}.test`, 'dan@elsewhere.test']) {
      const details = await call<{ contact: { id: string } }>(host.api, demo, 'GET', `/contacts/details/${contacts.get(email)!.id}`);
      expect(details.status).toBe(200);
    }
  });

  it('searches from the header dialog and shows the contact and the group; edits search again after the buffer', async () => {
    // Prepare
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`${API}/search?`)) searches.push(new URL(request.url()).searchParams.get('search') ?? '');
    });

    // Act
    await page.getByTestId('sidebar-search').click();
    await page.getByTestId('search-dialog').getByRole('textbox').fill('acme');
    await page.getByTestId('search-dialog').getByRole('button', { name: 'Search' }).click();

    // Assess
    await page.waitForURL(/#\/search-results\?search=acme$/);
    const contactsArea = page.getByTestId('search-area-contacts');
    const groupsArea = page.getByTestId('search-area-groups');
    await poll(() => contactsArea.getByTestId('search-hit').allTextContents()).toEqual(
      expect.arrayContaining([`ann@${TAG}.test+852 9123 0001`, `bob@${TAG}.test`]),
    );
    expect(await groupsArea.getByTestId('search-hit').allTextContents()).toEqual(['Acme with mobile']);
    expect(await contactsArea.getByTestId('search-see-all-contacts').getAttribute('href')).toBe('#/advanced-search/contacts?quickSearch=acme');
    await takeScreenshot(page, 'groups-search-global-results');

    // Act: type a narrower text; nothing is asked until typing has paused for the buffer.
    const before = searches.length;
    await page.getByTestId('search-results-input').fill('ann@acme');
    await page.waitForTimeout(700);
    const duringBuffer = searches.length - before;
    await page.waitForURL(/search=ann%40acme$/, { timeout: 3000 });

    // Assess
    expect(duringBuffer).toBe(0);
    await poll(() => contactsArea.getByTestId('search-hit').count()).toBe(1);
    expect(searches.slice(before)).toEqual(['ann@acme']);
    expect(await groupsArea.textContent()).toContain('No matches.');

    // Act: a contact hit opens the profile; see all opens advanced search with the text.
    await page.getByTestId('search-results-input').fill('acme');
    await page.getByTestId('search-results-input').press('Enter');
    await page.getByTestId('search-see-all-groups').click();

    // Assess
    await page.waitForURL(/#\/advanced-search\/groups\?search=acme$/);
    await poll(() => page.getByTestId('group-name').allTextContents()).toEqual(['Acme with mobile']);
  });
});
