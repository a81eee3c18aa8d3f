/**
 * The template editor's shell against a fake API: loading, the edit lock (held, or refused and
 * read-only), unsaved changes with Save and the leave question, a first save creating the
 * template, and the pages it hands over to. The canvas is grapesjs, which needs a real browser:
 * the grapesjs package is replaced by fake-grapesjs.ts, a boundary like fetch; our own modules
 * (the page, email-editor.ts, the api modules) run as they are. tests/e2e/template-editor.test.ts
 * covers grapesjs itself in Chromium.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/errors.js';
import { ZFieldSchemasResponse } from '../../shared/schemas/contacts.js';
import { ZCreateTemplateRequest, ZSaveTemplateRequest, ZTemplateLockResponse, ZTemplateResponse, ZTemplateSummaryResponse, type TTemplate } from '../../shared/schemas/templates.js';
import TemplateEditorPage from '../../web/src/routes/templates/template-editor-page.js';
import { installFakeApi, type FakeApi } from './fake-api.js';
import { currentDesign } from './fake-grapesjs.js';
import { findAddress, findButton, renderPage, serveUserInfo, signIn } from './render-page.js';

vi.mock('grapesjs', () => import('./fake-grapesjs.js'));

const TEMPLATES = '/api/v1/pageBasedAPI/templates';
const ROUTE = '/templates/template-editor';
const ZUnlockAnswer = z.object({ success: z.literal(true) });

const ada = { loginTuid: 'owner-1', name: 'Ada Lovelace' };
const welcome: TTemplate = {
  id: 'tpl-welcome',
  name: 'Welcome',
  kind: 'email',
  editor: 'dragAndDrop',
  size: 120,
  snippet: null,
  version: 'v1',
  createTime: '2026-10-01T00:00:00.000Z',
  updateTime: '2026-10-01T00:00:00.000Z',
  createdBy: ada,
  updatedBy: ada,
  lock: null,
  content: { kind: 'email', editor: 'dragAndDrop', html: '<p>Hello</p>', project: JSON.stringify({ html: '<p>Hello</p>' }) },
};

/** What every editor page asks: the user, the contact fields (for the tag menu). */
function serveEditorBasics(api: FakeApi): void {
  serveUserInfo(api);
  api.on('GET', '/api/v1/pageBasedAPI/contacts/schemas', ZFieldSchemasResponse).answer(() => ({ schemas: [], groupOwnerId: 'owner-1' }));
}

/** `template` to load, its lock granted (or refused by Grace) and released on leave. */
function serveTemplate(api: FakeApi, template: TTemplate, lock: 'granted' | 'refused' = 'granted'): void {
  serveEditorBasics(api);
  api.on('GET', `${TEMPLATES}/${template.id}`, ZTemplateResponse).answer(() => ({ template }));
  if (lock === 'granted') api.on('POST', `${TEMPLATES}/${template.id}/lock`, ZTemplateLockResponse).answer(() => ({ lock: { ...ada, expiresAt: '2026-10-05T09:01:00.000Z' }, heartbeatMs: 30_000 }));
  else api.fail('POST', `${TEMPLATES}/${template.id}/lock`, ERROR_CODES.BEING_MODIFIED, { lockedBy: 'Grace Hopper' });
  api.on('DELETE', `${TEMPLATES}/${template.id}/lock`, ZUnlockAnswer).answer(() => ({ success: true }));
}

const saveButton = () => screen.getByTestId('template-editor-save');
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

describe('template editor shell', () => {
  let api: FakeApi;

  beforeEach(() => {
    signIn();
    api = installFakeApi();
  });

  it('edits under the lock: unsaved changes show, Save sends the design, and the mark goes', async () => {
    // Prepare
    serveTemplate(api, welcome);
    api.on('PUT', `${TEMPLATES}/${welcome.id}`, ZTemplateSummaryResponse).answer(() => ({ template: { ...welcome, version: 'v2' } }));
    renderPage(<TemplateEditorPage />, { url: `${ROUTE}?id=${welcome.id}`, routePath: ROUTE });

    // Assess: the editor loads the saved design, and Save waits for the lock.
    expect(await screen.findByText('Loading the editor…')).toBeDefined();
    await waitFor(() => expect(screen.queryByText('Loading the editor…')).toBeNull());
    expect(currentDesign().html).toBe('<p>Hello</p>');
    await waitFor(() => expect(isDisabled(saveButton())).toBe(false));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(isDisabled(screen.getByRole('button', { name: 'Undo' }))).toBe(true);

    // Act
    currentDesign().edit('<p>Hello, Ada</p>');

    // Assess
    expect(await screen.findByText('Unsaved changes')).toBeDefined();
    expect(isDisabled(screen.getByRole('button', { name: 'Undo' }))).toBe(false);

    // Act
    fireEvent.click(saveButton());

    // Assess: the name and the exported email, with its design to load again.
    expect(await screen.findByText('Template “Welcome” saved.')).toBeDefined();
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    const [save] = api.sent('PUT', `${TEMPLATES}/${welcome.id}`);
    const body = ZSaveTemplateRequest.parse(save!.body);
    expect(body.name).toBe('Welcome');
    expect(body.content).toMatchObject({ kind: 'email', editor: 'dragAndDrop', project: JSON.stringify({ html: '<p>Hello, Ada</p>' }) });
    expect(body.content?.kind === 'email' && body.content.html).toContain('<title>Welcome</title>\n</head>\n<body><p>Hello, Ada</p></body>');
  });

  it('opens read-only when someone else holds the lock, and names them', async () => {
    // Prepare
    serveTemplate(api, welcome, 'refused');

    // Act
    renderPage(<TemplateEditorPage />, { url: `${ROUTE}?id=${welcome.id}`, routePath: ROUTE });

    // Assess: the badge and the error dialog name the editor; nothing can be saved or undone.
    expect(await screen.findByText('Read only: Grace Hopper is editing')).toBeDefined();
    const error = await screen.findByTestId('error-dialog');
    expect(within(error).getByTestId('error-message').textContent).toBe('Grace Hopper is editing this record right now. Please try again when they have finished.');
    await waitFor(() => expect(screen.queryByText('Loading the editor…')).toBeNull());
    expect(isDisabled(saveButton())).toBe(true);
    expect(isDisabled(screen.getByTestId('template-editor-undo'))).toBe(true);
    // The canvas shows the design without its editing panels.
    await waitFor(() => expect(currentDesign().commands).toContain('core:preview'));
    fireEvent.click(await findButton(error, 'OK'));
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).toBeNull());
  });

  it('asks before leaving with unsaved changes, and leaves for the templates when told', async () => {
    // Prepare
    serveTemplate(api, welcome);
    renderPage(<TemplateEditorPage />, { url: `${ROUTE}?id=${welcome.id}`, routePath: ROUTE });
    await waitFor(() => expect(isDisabled(saveButton())).toBe(false));
    currentDesign().edit('<p>Draft</p>');
    await screen.findByText('Unsaved changes');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Back to templates' }));

    // Assess
    const leave = await screen.findByTestId('template-editor-leave');
    expect(within(leave).getByText('Your changes to this template have not been saved and will be lost.')).toBeDefined();

    // Act
    fireEvent.click(await findButton(leave, 'Leave'));

    // Assess: the list, and the lock given back.
    expect(await findAddress()).toBe('/templates?tab=0');
    await waitFor(() => expect(api.sent('DELETE', `${TEMPLATES}/${welcome.id}/lock`)).toHaveLength(1));
  });

  it('creates a new template on its first save, which needs a name', async () => {
    // Prepare
    const created = { ...welcome, id: 'tpl-new', name: 'Autumn news' };
    serveTemplate(api, created);
    api.on('POST', TEMPLATES, ZTemplateSummaryResponse).answer(() => ({ template: created }));
    renderPage(<TemplateEditorPage />, { url: ROUTE, routePath: ROUTE });
    await waitFor(() => expect(isDisabled(saveButton())).toBe(false));
    currentDesign().edit('<p>Autumn</p>');

    // Act: without a name.
    fireEvent.click(saveButton());

    // Assess
    expect(await screen.findByTestId('template-name-error')).toBeDefined();
    expect(api.sent('POST', TEMPLATES)).toHaveLength(0);

    // Act
    fireEvent.change(screen.getByTestId('template-name-input'), { target: { value: 'Autumn news' } });
    fireEvent.click(saveButton());

    // Assess: created with the design; the new template is edited under its lock from now on.
    expect(await screen.findByText('Template “Autumn news” created.')).toBeDefined();
    const body = ZCreateTemplateRequest.parse(api.sent('POST', TEMPLATES)[0]!.body);
    expect(body).toMatchObject({ name: 'Autumn news', content: { kind: 'email', editor: 'dragAndDrop', project: JSON.stringify({ html: '<p>Autumn</p>' }) } });
    await waitFor(() => expect(api.sent('POST', `${TEMPLATES}/${created.id}/lock`)).toHaveLength(1));
  });

  it('hands a code template to the code editor', async () => {
    // Prepare
    serveTemplate(api, { ...welcome, editor: 'code', content: { kind: 'email', editor: 'code', html: '<p>Hi</p>', project: null } });

    // Act
    renderPage(<TemplateEditorPage />, { url: `${ROUTE}?id=${welcome.id}`, routePath: ROUTE });

    // Assess
    expect(await findAddress()).toBe(`/templates/code-editor?id=${welcome.id}`);
  });

  it('says so when the template does not exist', async () => {
    // Prepare
    serveEditorBasics(api);
    api.fail('GET', `${TEMPLATES}/tpl-gone`, ERROR_CODES.TEMPLATE_NOT_FOUND);

    // Act
    renderPage(<TemplateEditorPage />, { url: `${ROUTE}?id=tpl-gone`, routePath: ROUTE });

    // Assess
    expect(await screen.findByText('This template does not exist.')).toBeDefined();
    expect(screen.getByText(`Code: ${ERROR_CODES.TEMPLATE_NOT_FOUND}`)).toBeDefined();
    expect(api.sent('POST', `${TEMPLATES}/tpl-gone/lock`)).toHaveLength(0);
  });
});
