/**
 * Pure rules of the template pages: where each template opens, and how the editors insert a tag
 * and read MMS media lines.
 */
import { describe, expect, it } from 'vitest';
import { fullScreenEditorAt } from '../../../../web/src/routes/route-layout.js';
import { editorPathOf, templatePaths } from '../../../../web/src/paths/templates.js';
import { insertText, mediaUrlsOf } from '../../../../web/src/components/template-editor/text-insertion.js';

const ID = '01JD0000000000000000000000';

describe('template paths', () => {
  it('opens each template in the editor that made it', () => {
    // Act
    const paths = [
      editorPathOf({ id: ID, kind: 'email', editor: 'dragAndDrop' }),
      editorPathOf({ id: ID, kind: 'email', editor: 'code' }),
      editorPathOf({ id: ID, kind: 'email', editor: 'convertedPage' }),
      editorPathOf({ id: ID, kind: 'sms', editor: null }),
      editorPathOf({ id: ID, kind: 'mms', editor: null }),
    ];

    // Assess
    expect(paths).toEqual([
      `/templates/template-editor?id=${ID}`,
      `/templates/code-editor?id=${ID}`,
      `/templates/code-editor?id=${ID}`,
      `/templates/enter-message?id=${ID}&kind=sms`,
      `/templates/enter-message?id=${ID}&kind=mms`,
    ]);
  });

  it('opens every editor full screen, new or existing (spec §2.2)', () => {
    const paths = [templatePaths.codeEditor(), templatePaths.templateEditor(ID), templatePaths.enterMessage('mms'), templatePaths.enterMessage('sms', ID)];
    expect(paths.map((path) => fullScreenEditorAt(path.split('?')[0]))).toEqual(['templates-CKEditor', 'templates-templateEditor', 'templates-enterMessage', 'templates-enterMessage']);
  });

  it('keeps the list tab and the message kind in the URL', () => {
    expect([templatePaths.list(), templatePaths.list('message'), templatePaths.list('message', 'mms')]).toEqual(['/templates?tab=0', '/templates?tab=1', '/templates?tab=1&kind=mms']);
  });
});

describe('inserting a tag', () => {
  it('inserts at the caret and puts the caret after the tag', () => {
    expect(insertText('Hi !', { start: 3, end: 3 }, '{{ email }}')).toEqual({ text: 'Hi {{ email }}!', caret: 14 });
  });

  it('replaces the selection, whichever way it was made', () => {
    expect(insertText('Dear NAME,', { start: 9, end: 5 }, '{{ field:f1 }}')).toEqual({ text: 'Dear {{ field:f1 }},', caret: 19 });
  });

  it('appends when the caret is past the end of a shortened text', () => {
    expect(insertText('abc', { start: 10, end: 12 }, 'X')).toEqual({ text: 'abcX', caret: 4 });
  });
});

describe('MMS media lines', () => {
  it('reads one URL a line, trimmed, skipping blank lines', () => {
    expect(mediaUrlsOf(' https://a.example/1.png \r\n\n  \nhttp://b.example/2.gif\n')).toEqual(['https://a.example/1.png', 'http://b.example/2.gif']);
  });
});
