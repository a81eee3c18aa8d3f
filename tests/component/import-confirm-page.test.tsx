/**
 * The import confirm page against a fake API: the preview with the guessed mapping, the rule that
 * an import needs an email or mobile column, what Start sends and where it leads, a file in another
 * encoding, an unsubscribe list, and a user who may not import.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/errors.js';
import { ZFieldSchemasResponse } from '../../shared/schemas/contacts.js';
import { ZGroupListResponse, type TGroup } from '../../shared/schemas/groups.js';
import { ZImportJob, ZImportPreviewResponse, ZStartImportRequest, type TImportJob, type TImportKind, type TImportPreviewResponse } from '../../shared/schemas/imports.js';
import ImportConfirmPage from '../../web/src/routes/contacts/import/import-confirm-page.js';
import { installFakeApi, type FakeApi } from './fake-api.js';
import { findAddress, renderPage, serveUserInfo, signIn } from './render-page.js';

const IMPORT_ID = '01JBV3Q7W5N2K8M4R6T0Y9X1ZC';
const IMPORT = `/api/v1/pageBasedAPI/data-import/${IMPORT_ID}`;
const ROUTE = { url: `/contacts/import-contacts/confirm?id=${IMPORT_ID}`, routePath: '/contacts/import-contacts/confirm' };
const ZImportAnswer = z.object({ import: ZImportJob });

const csvPreview: TImportPreviewResponse = {
  format: { format: 'csv', encoding: 'utf-8', delimiter: ',' },
  headers: ['Email', 'Name', 'Mobile'],
  rows: [
    ['ada@example.com', 'Ada', '+85251234567'],
    ['alan@example.com', 'Alan', ''],
  ],
  mapping: ['email', 'field:name', 'mobile'],
  entries: [],
  sheets: [],
};

const customers: TGroup = { id: 'group-customers', name: 'Customers', type: 'S', editable: true, conditions: null, count: 12, createTime: '2026-09-01T00:00:00.000Z', updateTime: '2026-09-01T00:00:00.000Z' };
const withEmail: TGroup = { ...customers, id: 'system-email', name: 'All Contacts with Emails', type: 'D', editable: false, count: null };

function job(kind: TImportKind): TImportJob {
  return {
    id: IMPORT_ID,
    kind,
    fileName: 'contacts.csv',
    fileFormat: 'csv',
    status: 'uploading',
    position: 0,
    counts: { created: 0, changed: 0, skipped: 0, duplicated: 0, errors: 0, notImported: 0 },
    reason: null,
    createTime: '2026-10-05T08:00:00.000Z',
    updateTime: '2026-10-05T08:00:00.000Z',
  };
}

/** The account's field schemas and groups, the uploaded import of `kind`, and a preview answering `preview`. */
function serveImport(api: FakeApi, kind: TImportKind, preview: (encoding: string | undefined, choice: { entry?: string; sheet?: string }) => TImportPreviewResponse) {
  serveUserInfo(api);
  api.on('GET', '/api/v1/pageBasedAPI/contacts/schemas', ZFieldSchemasResponse).answer(() => ({
    schemas: [{ id: 'name', name: 'Name', type: 'text', choices: [], createTime: '2026-09-01T00:00:00.000Z' }],
    groupOwnerId: 'owner-1',
  }));
  api.on('GET', '/api/v1/pageBasedAPI/groups', ZGroupListResponse).answer(() => ({ data: [withEmail, customers], total: 2 }));
  api.on('GET', IMPORT, ZImportAnswer).answer(() => ({ import: job(kind) }));
  api.on('POST', `${IMPORT}/preview`, ZImportPreviewResponse).answer((request) => {
    const choice = z.object({ encoding: z.string().optional(), entry: z.string().optional(), sheet: z.string().optional() }).parse(request.body);
    return preview(choice.encoding, choice);
  });
}

const targetOf = (column: string) => screen.getByLabelText<HTMLSelectElement>(`Where column ${column} goes`);

describe('import confirm page', () => {
  let api: FakeApi;

  beforeEach(() => {
    signIn();
    api = installFakeApi();
  });

  it('shows the file with its guessed mapping, and needs an email or mobile column to start', async () => {
    // Prepare
    serveImport(api, 'contacts', () => csvPreview);
    renderPage(<ImportConfirmPage />, ROUTE);

    // Assess: the format, a target above each column, the rows.
    expect(await screen.findByText('CSV, comma separated')).toBeDefined();
    await waitFor(() => expect(targetOf('Email').value).toBe('email'));
    expect(targetOf('Name').value).toBe('field:name');
    expect(screen.getAllByTestId('import-preview-row')).toHaveLength(2);
    // A target taken by one column cannot be chosen for another.
    expect(within(targetOf('Name')).getByRole<HTMLOptionElement>('option', { name: 'Email' }).disabled).toBe(true);

    // Act: nothing goes to Email or Mobile.
    fireEvent.change(targetOf('Email'), { target: { value: '' } });
    fireEvent.change(targetOf('Mobile'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));

    // Assess
    expect((await screen.findByTestId('import-confirm-error')).textContent).toBe('Map a column to Email or Mobile.');
    expect(api.sent('POST', `${IMPORT}/start`)).toHaveLength(0);
  });

  it('offers the files of a ZIP archive, previews the chosen one, and then its sheets', async () => {
    // Prepare: an archive of a CSV and a workbook of two sheets.
    const ENTRIES = ['unsubscribed.csv', 'audience.xlsx'];
    serveImport(api, 'contacts', (_, { entry, sheet }) =>
      entry === 'audience.xlsx'
        ? { ...csvPreview, format: { format: 'xlsx', archive: 'zip', entry, ...(sheet ? { sheet } : {}) }, entries: ENTRIES, sheets: ['Notes', 'People'], rows: sheet === 'People' ? csvPreview.rows : [] }
        : { ...csvPreview, format: { ...csvPreview.format, archive: 'zip', entry: ENTRIES[0] }, entries: ENTRIES, rows: [csvPreview.rows[0]!] },
    );
    renderPage(<ImportConfirmPage />, ROUTE);
    await waitFor(() => expect(screen.getAllByTestId('import-preview-row')).toHaveLength(1));
    expect(screen.queryByTestId('import-sheet')).toBeNull();

    // Act
    fireEvent.change(screen.getByLabelText('File in the archive'), { target: { value: 'audience.xlsx' } });
    const sheet = await screen.findByLabelText<HTMLSelectElement>('Sheet');
    fireEvent.change(sheet, { target: { value: 'People' } });

    // Assess
    await waitFor(() => expect(screen.getAllByTestId('import-preview-row')).toHaveLength(2));
    expect(screen.getByLabelText<HTMLSelectElement>('File in the archive').value).toBe('audience.xlsx');
    expect(screen.getByLabelText<HTMLSelectElement>('Sheet').value).toBe('People');
    expect(api.sent('POST', `${IMPORT}/preview`).map((request) => request.body)).toEqual([{}, { entry: 'audience.xlsx' }, { entry: 'audience.xlsx', sheet: 'People' }]);
  });

  it('starts with the mapping, header, existing-contact choice and groups chosen, then shows the report', async () => {
    // Prepare
    serveImport(api, 'contacts', () => csvPreview);
    api.on('POST', `${IMPORT}/start`, ZImportAnswer).answer(() => ({ import: { ...job('contacts'), status: 'queued' } }));
    renderPage(<ImportConfirmPage />, ROUTE);
    await waitFor(() => expect(targetOf('Email').value).toBe('email'));

    // Act: the first row is data, the mobile column is left out, existing contacts skipped, one group.
    fireEvent.click(screen.getByLabelText('The first row is a header'));
    await waitFor(() => expect(screen.getAllByTestId('import-preview-row')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Where column 3 goes'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('import-existing'), { target: { value: 'skip' } });
    // Only snapshot groups take members by hand: the system list is not offered.
    expect(within(await screen.findByTestId('import-groups')).queryByText('All Contacts with Emails')).toBeNull();
    fireEvent.click(screen.getByLabelText('Customers'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Customers').checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));

    // Assess
    expect(await findAddress()).toBe(`/contacts/import-report?id=${IMPORT_ID}`);
    const [start] = api.sent('POST', `${IMPORT}/start`);
    expect(ZStartImportRequest.parse(start!.body)).toEqual({ mapping: ['email', 'field:name', null], hasHeader: false, existing: 'skip', groupIds: [customers.id] });
  });

  it('reads the file again in the encoding chosen when the guessed one fails', async () => {
    // Prepare
    serveImport(api, 'contacts', () => csvPreview);
    api.fail('POST', `${IMPORT}/preview`, ERROR_CODES.IMPORT_BAD_ENCODING);
    renderPage(<ImportConfirmPage />, ROUTE);

    // Assess: why, and no table yet.
    const alert = await screen.findByTestId('import-preview-error');
    expect(alert.textContent).toContain("The file's characters are wrongly encoded.");
    expect(screen.queryByTestId('import-preview')).toBeNull();

    // Act
    serveImport(api, 'contacts', (encoding) => ({ ...csvPreview, format: { format: 'csv', encoding: encoding === 'big5' ? 'big5' : 'utf-8', delimiter: ',' } }));
    fireEvent.change(screen.getByLabelText('Encoding'), { target: { value: 'big5' } });

    // Assess
    expect(await screen.findByTestId('import-preview')).toBeDefined();
    expect(screen.queryByTestId('import-preview-error')).toBeNull();
    expect(api.sent('POST', `${IMPORT}/preview`).map((request) => request.body)).toEqual([{}, { encoding: 'big5' }]);
  });

  it('maps only the address column of an unsubscribe list, without contact options', async () => {
    // Prepare
    serveImport(api, 'unsubscribedEmails', () => csvPreview);
    api.on('POST', `${IMPORT}/start`, ZImportAnswer).answer(() => ({ import: { ...job('unsubscribedEmails'), status: 'queued' } }));
    renderPage(<ImportConfirmPage />, ROUTE);

    // Assess: its title; Email is the only target, kept on the email column alone.
    expect(await screen.findByRole('heading', { name: 'Import unsubscribed emails' })).toBeDefined();
    await waitFor(() => expect(targetOf('Email').value).toBe('email'));
    expect(targetOf('Name').value).toBe('');
    expect(within(targetOf('Name')).getAllByRole('option').map((option) => option.textContent)).toEqual(["Don't import", 'Email']);
    expect(screen.queryByTestId('import-existing')).toBeNull();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));

    // Assess
    expect(await findAddress()).toBe(`/contacts/import-report?id=${IMPORT_ID}`);
    expect(api.sent('POST', `${IMPORT}/start`).map((request) => request.body)).toEqual([{ mapping: ['email', null, null], hasHeader: true, existing: 'update', groupIds: [] }]);
  });

  it('tells a user who may not write contacts that access is denied, and asks nothing', async () => {
    // Prepare
    signIn('analyst');

    // Act
    renderPage(<ImportConfirmPage />, ROUTE);

    // Assess
    expect(await screen.findByText('You do not have permission to do this in this account.')).toBeDefined();
    expect(api.requests).toHaveLength(0);
  });
});
