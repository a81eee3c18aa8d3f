/**
 * The file manager drawer against a fake API: listing and folders, the name rules before a call,
 * moving, deleting one or several (and a refusal), picking for an editor, and a file type refused
 * before anything is sent.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/errors.js';
import { ROOT_FOLDER_ID, ZDeleteEntriesResponse, ZEntry, ZListEntriesResponse, ZStorageUsage, type TEntry, type TFileEntry, type TFolderEntry } from '../../shared/schemas/file-manager.js';
import FileManagerDrawer from '../../web/src/file-manager/file-manager-drawer.js';
import { installFakeApi, type FakeApi } from './fake-api.js';
import { findButton, renderPage, signIn } from './render-page.js';

const FILES = '/api/v1/pageBasedAPI/file-manager';
const ZEntryAnswer = z.object({ entry: ZEntry });

const banners: TFolderEntry = { kind: 'folder', id: 'folder-banners', parentId: ROOT_FOLDER_ID, name: 'Banners', updateTime: '2026-10-01T09:00:00.000Z' };
const hero: TFileEntry = {
  kind: 'file',
  id: 'file-hero',
  parentId: ROOT_FOLDER_ID,
  name: 'hero.png',
  size: 2048,
  contentType: 'image/png',
  url: 'https://content.example.com/owner-1/file-hero/hero.png',
  updateTime: '2026-10-02T09:00:00.000Z',
};
const terms: TFileEntry = { ...hero, id: 'file-terms', name: 'terms.pdf', contentType: 'application/pdf', url: 'https://content.example.com/owner-1/file-terms/terms.pdf' };

/** A fake account with `root` holding `entries`; each folder id maps to its entries. */
function serveFolders(api: FakeApi, folders: Record<string, TEntry[]>): void {
  api.on('GET', `${FILES}/entries`, ZListEntriesResponse).answer((request) => {
    const folderId = request.query.get('folderId') ?? ROOT_FOLDER_ID;
    const path = folderId === ROOT_FOLDER_ID ? [{ id: ROOT_FOLDER_ID, name: '' }] : [{ id: ROOT_FOLDER_ID, name: '' }, { id: folderId, name: 'Banners' }];
    return { path, entries: folders[folderId] ?? [] };
  });
  api.on('GET', `${FILES}/usage`, ZStorageUsage).answer(() => ({ usedBytes: 50 * 1024 * 1024, quotaBytes: 500 * 1024 * 1024, fileCount: 2 }));
}

const row = (name: string) => screen.getAllByTestId('file-manager-entry').find((element) => element.dataset.entryName === name)!;
const findRow = async (name: string) => {
  await waitFor(() => expect(row(name)).toBeDefined());
  return row(name);
};

describe('file manager drawer', () => {
  let api: FakeApi;

  beforeEach(() => {
    signIn();
    api = installFakeApi();
  });

  it('lists the folder with the storage used, and opens a folder with its breadcrumb', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [banners, hero], [banners.id]: [] });

    // Act
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });

    // Assess: the header, the usage against the quota, both entries.
    expect(await screen.findByText('File manager')).toBeDefined();
    expect(await screen.findByText('50 MB of 500 MB used')).toBeDefined();
    await findRow('hero.png');
    expect(within(row('Banners')).getByText('Folder')).toBeDefined();

    // Act: open the folder.
    fireEvent.click(screen.getByRole('button', { name: 'Open Banners' }));

    // Assess: its (empty) listing, asked by its id, and where it is.
    expect(await screen.findByText('This folder is empty.')).toBeDefined();
    expect(api.sent('GET', `${FILES}/entries`).map((request) => request.query.get('folderId'))).toContain(banners.id);
    const breadcrumb = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(breadcrumb).getByRole('button', { name: 'All files' })).toBeDefined();
    expect(within(breadcrumb).getByRole('button', { name: 'Banners' }).getAttribute('aria-current')).toBe('location');
  });

  it('creates a folder only once its name follows the rules', async () => {
    // Prepare
    const root: TEntry[] = [hero];
    serveFolders(api, { [ROOT_FOLDER_ID]: root });
    api.on('POST', `${FILES}/folders`, ZEntryAnswer).answer((request) => {
      root.unshift(banners);
      return { entry: { ...banners, name: z.object({ name: z.string() }).parse(request.body).name } };
    });
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });
    await findRow('hero.png');

    // Act: a name with a slash.
    fireEvent.click(screen.getByTestId('file-manager-new-folder'));
    const dialog = await screen.findByTestId('file-manager-name-dialog');
    const input = within(dialog).getByTestId('file-manager-name-input');
    fireEvent.change(input, { target: { value: 'Q3/Q4' } });
    fireEvent.click(await findButton(dialog, 'Create'));

    // Assess: the rule's message, and nothing sent.
    expect(await screen.findByText('Names cannot contain / \\ : * ? " < > | or control characters.')).toBeDefined();
    expect(api.sent('POST', `${FILES}/folders`)).toHaveLength(0);

    // Act: a good name.
    fireEvent.change(input, { target: { value: '  Banners ' } });
    fireEvent.click(await findButton(dialog, 'Create'));

    // Assess: created in the listed folder with the trimmed name, and listed.
    await findRow('Banners');
    expect(api.sent('POST', `${FILES}/folders`).map((request) => request.body)).toEqual([{ parentId: ROOT_FOLDER_ID, name: 'Banners' }]);
    await waitFor(() => expect(screen.queryByTestId('file-manager-name-dialog')).toBeNull());
  });

  it('keeps a renamed file its extension', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [hero] });
    api.on('PUT', `${FILES}/entries/${hero.id}/name`, ZEntryAnswer).answer(() => ({ entry: { ...hero, name: 'banner.png' } }));
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });

    // Act
    fireEvent.click(within(await findRow('hero.png')).getByRole('button', { name: 'Rename' }));
    const input = await screen.findByTestId('file-manager-name-input');
    expect((input as HTMLInputElement).value).toBe('hero.png');
    fireEvent.change(input, { target: { value: 'banner.jpg' } });
    fireEvent.click(screen.getByTestId('file-manager-name-submit'));

    // Assess
    expect(await screen.findByText('Keep the extension .png')).toBeDefined();
    expect(api.sent('PUT', `${FILES}/entries/${hero.id}/name`)).toHaveLength(0);

    // Act
    fireEvent.change(input, { target: { value: 'banner.png' } });
    fireEvent.click(screen.getByTestId('file-manager-name-submit'));

    // Assess: the dialog closes once renamed.
    await waitFor(() => expect(screen.queryByTestId('file-manager-name-dialog')).toBeNull());
    expect(api.sent('PUT', `${FILES}/entries/${hero.id}/name`).map((request) => request.body)).toEqual([{ name: 'banner.png' }]);
  });

  it('moves a file only into another folder', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [banners, hero], [banners.id]: [] });
    api.on('PUT', `${FILES}/entries/${hero.id}/parent`, ZEntryAnswer).answer(() => ({ entry: { ...hero, parentId: banners.id } }));
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });

    // Act
    fireEvent.click(within(await findRow('hero.png')).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByTestId('file-manager-move-dialog');
    const submit = await findButton(dialog, 'Move here');

    // Assess: where it already is, it cannot move.
    expect(within(dialog).getByText('Into: All files')).toBeDefined();
    expect(submit.hasAttribute('disabled')).toBe(true);

    // Act
    fireEvent.click(await findButton(dialog, 'Banners'));
    await within(dialog).findByText('Into: Banners');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);

    // Assess
    expect(await screen.findByText('hero.png moved')).toBeDefined();
    expect(api.sent('PUT', `${FILES}/entries/${hero.id}/parent`).map((request) => request.body)).toEqual([{ parentId: banners.id }]);
  });

  it('deletes the ticked entries in one request after confirmation', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [hero, terms] });
    api.on('DELETE', `${FILES}/entries`, ZDeleteEntriesResponse).answer(() => ({ deleted: 2 }));
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });
    await findRow('terms.pdf');
    expect(screen.queryByTestId('file-manager-delete-selected')).toBeNull();

    // Act
    fireEvent.click(within(row('hero.png')).getByLabelText('Select hero.png'));
    fireEvent.click(within(row('terms.pdf')).getByLabelText('Select terms.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete (2)' }));
    const confirm = await screen.findByTestId('file-manager-delete');
    expect(within(confirm).getByText('Delete 2 items?')).toBeDefined();
    fireEvent.click(await findButton(confirm, 'Delete'));

    // Assess
    expect(await screen.findByText('2 items deleted')).toBeDefined();
    expect(api.sent('DELETE', `${FILES}/entries`).map((request) => request.body)).toEqual([{ ids: [hero.id, terms.id] }]);
  });

  it('says why a folder with files is not deleted', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [banners] });
    api.fail('DELETE', `${FILES}/entries`, ERROR_CODES.FOLDER_NOT_EMPTY);
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });

    // Act
    fireEvent.click(within(await findRow('Banners')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByTestId('file-manager-delete');
    expect(within(confirm).getByText('Delete Banners?')).toBeDefined();
    fireEvent.click(await findButton(confirm, 'Delete'));

    // Assess: the error dialog names the rule; the folder is still listed.
    const error = await screen.findByTestId('error-dialog');
    expect(within(error).getByTestId('error-message').textContent).toBe('Only an empty folder can be deleted.');
    expect(api.sent('DELETE', `${FILES}/entries`).map((request) => request.body)).toEqual([{ ids: [banners.id] }]);
    expect(row('Banners')).toBeDefined();

    // Act: OK closes it.
    fireEvent.click(await findButton(error, 'OK'));

    // Assess
    await waitFor(() => expect(screen.queryByTestId('error-message')).toBeNull());
  });

  it('offers Insert on images only when an editor picks, without tick boxes', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [hero, terms] });
    const onPick = vi.fn();
    renderPage(<FileManagerDrawer onClose={() => {}} pick={{ onPick }} />, { url: '/', routePath: '/' });

    // Act
    await findRow('terms.pdf');
    fireEvent.click(within(row('hero.png')).getByRole('button', { name: 'Insert' }));

    // Assess
    expect(screen.getByText('Choose an image')).toBeDefined();
    expect(within(row('terms.pdf')).queryByRole('button', { name: 'Insert' })).toBeNull();
    expect(screen.queryByLabelText('Select hero.png')).toBeNull();
    expect(onPick).toHaveBeenCalledWith(hero);
  });

  it('refuses a file type it does not host before sending anything', async () => {
    // Prepare
    serveFolders(api, { [ROOT_FOLDER_ID]: [] });
    renderPage(<FileManagerDrawer onClose={() => {}} />, { url: '/', routePath: '/' });
    expect(await screen.findByText('No files yet. Upload images to use them in your emails.')).toBeDefined();

    // Act
    const input = screen.getByTestId('file-manager-upload-input');
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })] } });

    // Assess: the upload row says it failed; no upload was reserved.
    const uploads = await screen.findByTestId('file-manager-uploads');
    expect(within(uploads).getByText('setup.exe')).toBeDefined();
    expect(await within(uploads).findByText('Failed')).toBeDefined();
    expect(api.sent('POST', `${FILES}/uploads`)).toHaveLength(0);
  });
});
