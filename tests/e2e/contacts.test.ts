/**
 * The contacts area in a real Chromium against the local host (spec §2.1, §3 "Contact profile",
 * §5, §8): the demo user creates a custom field and contacts, meets the phone, duplicate-email
 * and no-choices messages, edits a contact, sorts, searches and pages the list, opens a profile,
 * chooses columns, adds contacts to a group and deletes several at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TContact, TFieldSchema } from '../../shared/schemas/contacts.js';
import { getAccount, updateAccount } from '../../functions/data/accounts.js';
import { getContact, replaceContact } from '../../functions/data/contacts.js';
import { FREE_CONTACT_LIMIT } from '../../shared/constants.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';
import { seedContact } from '../helpers/seed/contacts.js';

/** Contacts made through the API for the list tests: enough for two pages of ten. */
const SEEDED = 12;

describe('contacts', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;
  let membership: TFieldSchema;
  let adaId: string;
  let groupId: string;

  beforeAll(() => {
    ({ host, page, demo } = signedIn);
  });

  async function openList(query = ''): Promise<void> {
    await page.goto(`${host.url}/#/contacts?tab=0${query}`);
    await page.getByTestId('contact-list').waitFor();
  }

  const rowEmails = () => page.getByTestId('contact-row').locator('[data-column="email"] a').allTextContents();
  const pagerRange = () => page.getByTestId('pager-range').textContent();

  it('creates a custom field with choices, refusing a taken name and a choice field without choices', async () => {
    // Prepare
    await page.getByTestId('nav-contact').click();
    await page.getByTestId('contacts-page').waitFor();
    await page.getByTestId('tab-fields').click();
    await page.getByTestId('field-table').waitFor();
    expect(await page.getByTestId('field-row').allTextContents()).toEqual([expect.stringContaining('First Name'), expect.stringContaining('Last Name')]);

    // Act: a name that exists (whatever its case), then a choice field with no choices.
    await page.getByTestId('new-field').click();
    const editor = page.getByTestId('field-editor');
    await editor.getByTestId('field-name').fill('first name');
    await editor.getByTestId('field-save').click();
    expect(await editor.getByTestId('field-name-error').textContent()).toBe('This field name is already in use');
    await editor.getByTestId('field-name').fill('Membership');
    await editor.getByTestId('field-type').selectOption('singleChoice');
    await editor.getByTestId('field-save').click();
    expect(await editor.getByTestId('field-choices-error').textContent()).toBe('There are no choices for this field yet.');
    await editor.getByTestId('choice-input').fill('Gold');
    await editor.getByTestId('choice-input').press('Enter');
    await editor.getByTestId('choice-input').nth(1).fill('Silver');
    await takeScreenshot(page, 'contacts-field-editor');
    await editor.getByTestId('field-save').click();

    // Assess
    await editor.waitFor({ state: 'detached' });
    const row = page.getByTestId('field-row').filter({ hasText: 'Membership' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Single choice');
    expect(await row.textContent()).toContain('GoldSilver');
    const { body } = await call<{ schemas: TFieldSchema[] }>(host.api, demo, 'GET', '/contacts/schemas');
    membership = body.schemas.find((field) => field.name === 'Membership')!;
    expect(membership.choices.map((choice) => choice.label)).toEqual(['Gold', 'Silver']);
  });

  it('creates a contact whose Hong Kong mobile is typed nationally and shows it as +852', async () => {
    // Prepare: a group for the edit below, there before the app lists groups.
    const group = await call<{ group: { id: string } }>(host.api, demo, 'POST', '/groups', { type: 'S', name: 'Newsletter readers' });
    expect(group.status).toBe(201);
    groupId = group.body.group.id;
    await page.goto(`${host.url}/#/contacts?tab=0`);
    await page.getByTestId('contacts-empty').waitFor();
    await page.getByTestId('create-contact').click();
    await page.getByTestId('contact-form').waitFor();
    // The demo account's time zone is Hong Kong's, so numbers are Hong Kong's unless told otherwise.
    expect(await page.getByTestId('contact-mobile-country').inputValue()).toBe('HK');

    // Act
    await page.getByTestId('contact-email').fill('ada@example.com');
    await page.getByTestId('contact-mobile').fill('9123 4567');
    await page.getByTestId('contact-mobile').blur();
    await page.locator(`[data-field="f1"] input`).fill('Ada');
    await page.locator(`[data-field="${membership.id}"] select`).selectOption({ label: 'Gold' });

    // Assess: the number is shown as it will be stored, then stored so.
    expect(await page.getByTestId('contact-mobile').inputValue()).toBe('+852 9123 4567');
    expect(await page.getByTestId('contact-mobile-hint').textContent()).toBe('Saved as +852 9123 4567');
    await takeScreenshot(page, 'contacts-create-form');
    await page.getByTestId('contact-save').click();
    await page.waitForURL(/#\/contacts\/profile\?id=/);
    expect(await page.getByTestId('profile-sms-value').textContent()).toBe('+852 9123 4567');
    expect(await page.getByTestId('profile-email-value').textContent()).toBe('ada@example.com');
    expect(await page.locator(`[data-testid="profile-field"][data-field="${membership.id}"]`).textContent()).toBe('MembershipGold');
    adaId = new URL(page.url().replace('/#/', '/')).searchParams.get('id')!;
    const { body } = await call<{ contact: { primary: Array<{ name: string; value: string }> } }>(host.api, demo, 'GET', `/contacts/details/${adaId}`);
    expect(body.contact.primary.find((entry) => entry.name === 'mobile')?.value).toBe('+85291234567');
    await takeScreenshot(page, 'contacts-profile');
  });

  it('says the phone number is invalid, and sends nothing', async () => {
    // Prepare
    await page.goto(`${host.url}/#/contacts/create-contact`);
    await page.getByTestId('contact-form').waitFor();
    let posted = false;
    const watch = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/pageBasedAPI/contacts')) posted = true;
    };
    page.on('request', watch);

    // Act
    await page.getByTestId('contact-mobile').fill('12345');
    await page.getByTestId('contact-save').click();

    // Assess
    expect(await page.getByTestId('contact-mobile-error').textContent()).toBe('Invalid Phone Number.');
    expect(page.url()).toContain('/contacts/create-contact');
    expect(posted).toBe(false);
    page.off('request', watch);
  });

  it('puts the server’s duplicate-email error under the email field', async () => {
    // Act: a valid new mobile, but an email another contact has (in other letters' case).
    await page.getByTestId('contact-mobile').fill('6123 4567');
    await page.getByTestId('contact-email').fill('ADA@example.com');
    await page.getByTestId('contact-save').click();

    // Assess
    await page.getByTestId('contact-email-error').waitFor();
    expect(await page.getByTestId('contact-email-error').textContent()).toBe('Another contact already has this email.');
    expect(await page.getByTestId('contact-mobile-error').count()).toBe(0);
    expect(await page.getByTestId('error-dialog').count()).toBe(0);
    await takeScreenshot(page, 'contacts-duplicate-email');
  });

  it('edits the contact: a field, the SMS subscription and the groups', async () => {
    // Prepare
    await page.goto(`${host.url}/#/contacts/profile?id=${adaId}`);
    await page.getByTestId('profile-edit').click();
    await page.waitForURL(/#\/contacts\/edit-contact\?id=/);
    await page.getByTestId('contact-form').waitFor();
    expect(await page.locator(`[data-field="f1"] input`).inputValue()).toBe('Ada');
    expect(await page.getByTestId('contact-mobile').inputValue()).toBe('+852 9123 4567');

    // Act
    await page.locator(`[data-field="f1"] input`).fill('Adele');
    await page.getByTestId('contact-sms-subscribe').click();
    await page.getByTestId('group-option').filter({ hasText: 'Newsletter readers' }).click();
    await page.getByTestId('contact-save').click();

    // Assess
    await page.waitForURL(/#\/contacts\/profile\?id=/);
    await expect.poll(() => page.locator('[data-testid="profile-field"][data-field="f1"]').textContent()).toBe('First NameAdele');
    expect(await page.getByTestId('profile-sms-subscription').textContent()).toBe('Unsubscribed');
    expect(await page.getByTestId('profile-email-subscription').textContent()).toBe('Subscribed');
    const groupLink = page.getByTestId('profile-groups').getByRole('link', { name: 'Newsletter readers' });
    expect(await groupLink.getAttribute('href')).toBe(`#/groups/group-details?id=${groupId}`);
    const { body } = await call<{ data: TContact[] }>(host.api, demo, 'POST', '/contacts/search', { quickSearch: 'ada@example.com', limit: 10 });
    expect(body.data[0]).toMatchObject({ smsSubscribe: false, emailSubscribe: true, fields: { f1: 'Adele', [membership.id]: membership.choices[0].id } });
  });

  it('resets a bounced email after the reset-status dialog’s Confirm (spec §2.6)', async () => {
    // Prepare: the address hard-bounced, written to the store as the delivery pipeline would.
    const tuid = await page.evaluate(() => JSON.parse(atob(window.localStorage.getItem('session.token')!.split('.')[1]!)).tuid as string);
    const stored = (await getContact(tuid, Number(adaId)))!;
    await replaceContact(tuid, stored, { ...stored, emailBounce: 'hard' });
    await page.goto(`${host.url}/#/contacts/profile?id=${adaId}`);
    // A fresh load, so the profile is not the one the app kept from the edit above.
    await page.reload();
    const status = page.getByTestId('email-bounce-status');
    expect(await status.textContent()).toContain('Hard bounce');

    // Act: Cancel changes nothing; Confirm sends the reset.
    await page.getByTestId('email-bounce-reset').click();
    const dialog = page.getByTestId('reset-status-dialog');
    expect(await dialog.textContent()).toContain('Reset status');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('email-bounce-reset').click();
    const reset = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(`/contacts/${adaId}`));
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // Assess
    expect((await reset).postDataJSON()).toEqual({ emailBounce: 'none' });
    await status.waitFor({ state: 'detached' });
    expect((await getContact(tuid, Number(adaId)))?.emailBounce).toBe('none');
  });

  it('sorts by clicking a column header, on the server', async () => {
    // Prepare: 12 more contacts, made quickly through the API.
    for (let index = 1; index <= SEEDED; index += 1) {
      const number = String(index).padStart(2, '0');
      await seedContact(host.api, demo, { email: `member${number}@bulk.test`, fields: { f1: `Member ${number}` } });
    }
    await openList();
    await expect.poll(rowEmails).toHaveLength(10);
    // Newest first by default.
    expect((await rowEmails())[0]).toBe('member12@bulk.test');

    // Act and assess: A→Z, then Z→A.
    await page.getByTestId('column-email').getByRole('button').click();
    await expect.poll(rowEmails).toEqual(['ada@example.com', ...Array.from({ length: 9 }, (_, index) => `member0${index + 1}@bulk.test`)]);
    expect(await page.getByTestId('column-email').getAttribute('aria-sort')).toBe('ascending');
    expect(page.url()).toContain('sort=email.asc');
    await page.getByTestId('column-email').getByRole('button').click();
    await expect.poll(async () => (await rowEmails())[0]).toBe('member12@bulk.test');
    expect(await page.getByTestId('column-email').getAttribute('aria-sort')).toBe('descending');
  });

  it('pages with Next and Prev, counting the whole list', async () => {
    // Prepare
    await openList();
    await expect.poll(pagerRange).toBe(`1–10 of ${SEEDED + 1}`);
    const firstPage = await rowEmails();

    // Act and assess
    await page.getByTestId('pager').getByRole('button', { name: 'Next page' }).click();
    await expect.poll(pagerRange).toBe(`11–${SEEDED + 1} of ${SEEDED + 1}`);
    await expect.poll(rowEmails).toHaveLength(SEEDED + 1 - 10);
    expect(await page.getByTestId('pager').getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    const secondPage = await rowEmails();
    expect(secondPage.filter((email) => firstPage.includes(email))).toEqual([]);
    await takeScreenshot(page, 'contacts-list-page-2');

    await page.getByTestId('pager').getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(rowEmails).toEqual(firstPage);
    expect(await pagerRange()).toBe(`1–10 of ${SEEDED + 1}`);
    expect(await page.getByTestId('pager').getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
  });

  it('searches as the user types, and says when nothing matches', async () => {
    // Act
    await page.getByTestId('contact-search').fill('adele');

    // Assess: text fields are searched too; the search goes into the URL.
    await expect.poll(rowEmails, { timeout: 5000 }).toEqual(['ada@example.com']);
    expect(await pagerRange()).toBe('1–1 of 1');
    expect(page.url()).toContain('q=adele');
    const row = page.getByTestId('contact-row');
    expect(await row.locator('[data-column="mobile"]').textContent()).toContain('+852 9123 4567');
    expect(await row.locator('[data-column="mobile"]').textContent()).toContain('Unsubscribed');

    await page.getByTestId('contact-search').fill('nobody-here');
    await page.getByTestId('contact-search').press('Enter');
    await page.getByTestId('contacts-no-match').waitFor();
    expect(await page.getByTestId('contacts-no-match').textContent()).toContain('No contacts match “nobody-here”');
  });

  it('remembers which columns the user chose', async () => {
    // Prepare
    await openList();
    await expect.poll(rowEmails).toHaveLength(10);
    expect(await page.getByTestId(`column-field:${membership.id}`).count()).toBe(1);

    // Act: hide the mobile column, show the updated column.
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-option-mobile').click();
    await page.getByTestId('column-option-updateTime').click();
    await page.keyboard.press('Escape');

    // Assess, also after a reload.
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      await page.getByTestId('contact-table').waitFor();
      expect(await page.getByTestId('column-mobile').count()).toBe(0);
      expect(await page.getByTestId('column-updateTime').count()).toBe(1);
    }
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-option-mobile').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('column-mobile').waitFor();
  });

  it('opens a profile from the list', async () => {
    // Act
    await openList('&q=member03');
    await expect.poll(rowEmails).toEqual(['member03@bulk.test']);
    await page.getByTestId('contact-row').getByRole('link', { name: 'member03@bulk.test' }).click();

    // Assess
    await page.waitForURL(/#\/contacts\/profile\?id=/);
    await expect.poll(() => page.getByTestId('profile-title').textContent()).toBe('member03@bulk.test');
    expect(await page.locator('[data-testid="profile-field"][data-field="f1"]').textContent()).toBe('First NameMember 03');
    expect(await page.getByTestId('profile-sms-value').count()).toBe(0);
    expect(await page.getByTestId('profile-created').textContent()).toMatch(/ago|now/);
  });

  it('adds selected contacts to a group', async () => {
    // Prepare
    await openList('&q=bulk.test');
    await expect.poll(rowEmails).toHaveLength(10);
    const selected = page.getByTestId('contact-row').getByTestId('select-contact');
    await selected.nth(0).click();
    await selected.nth(1).click();

    // Act
    await page.getByTestId('bulk-add-to-group').click();
    const dialog = page.getByTestId('add-to-group-dialog');
    await dialog.getByTestId('add-to-group-option').filter({ hasText: 'Newsletter readers' }).click();
    await dialog.getByTestId('add-to-group-confirm').click();

    // Assess
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: '2 contacts added to Newsletter readers' }).waitFor();
    // Toasts stack at the bottom end of the window; the pager's buttons stay to their left, so none is ever covered.
    const toast = await page.getByTestId('toast').first().boundingBox();
    const next = await page.getByTestId('pager').getByRole('button', { name: 'Next page' }).boundingBox();
    expect(next!.x + next!.width).toBeLessThan(toast!.x);
    const { body } = await call<{ data: Array<{ name: string; count: number }> }>(host.api, demo, 'GET', '/groups?type=S');
    expect(body.data.find((group) => group.name === 'Newsletter readers')?.count).toBe(3);
  });

  it('deletes every selected contact after confirming', async () => {
    // Prepare
    await openList('&q=bulk.test');
    await expect.poll(pagerRange).toBe(`1–10 of ${SEEDED}`);
    await page.getByTestId('select-page').click();
    expect(await page.getByTestId('selection-bar').textContent()).toContain('10 selected');

    // Act: cancel once, then confirm.
    await page.getByTestId('bulk-delete').click();
    const dialog = page.getByTestId('delete-contacts-dialog');
    expect(await dialog.textContent()).toContain('Delete 10 contacts?');
    await takeScreenshot(page, 'contacts-bulk-delete');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('contact-row').count()).toBe(10);
    await page.getByTestId('bulk-delete').click();
    await page.getByTestId('delete-contacts-dialog-confirm').click();

    // Assess
    await expect.poll(pagerRange).toBe(`1–${SEEDED - 10} of ${SEEDED - 10}`);
    expect(await page.getByTestId('selection-bar').count()).toBe(0);
    const { body } = await call<{ count: number }>(host.api, demo, 'POST', '/contacts/count', {});
    expect(body.count).toBe(SEEDED - 10 + 1);
  });

  it('tells a free account at its contact limit, and explains the refused create', async () => {
    // Prepare: the demo account made free and full, in the store the host serves from.
    const tuid = await page.evaluate(() => JSON.parse(atob(window.localStorage.getItem('session.token')!.split('.')[1]!)).tuid as string);
    const before = await getAccount(tuid);
    await updateAccount(tuid, { free: true, contactCount: FREE_CONTACT_LIMIT });
    await page.reload();

    // Act
    await openList();
    await page.getByTestId('contact-limit-alert').waitFor();
    await page.getByTestId('create-contact').click();
    await page.getByTestId('contact-email').fill('grace@example.com');
    await page.getByTestId('contact-save').click();

    // Assess
    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Contact Storage Limit Reached');
    expect(await page.getByTestId('contact-limit-alert').textContent()).toContain('Free accounts can store up to 1,000 contacts.');
    await updateAccount(tuid, { free: before!.free, contactCount: before!.contactCount });
  });
});
