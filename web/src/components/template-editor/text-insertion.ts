/** Typing helpers of the template editors. Pure, so they are unit-tested. */

export type TextSelection = { start: number; end: number };

/** `inserted` in place of the selected text (or at the caret), and where the caret goes after it. */
export function insertText(text: string, selection: TextSelection, inserted: string): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, selection.end, text.length));
  const end = Math.min(Math.max(selection.start, selection.end), text.length);
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}

/** The media URLs of an MMS as the editor's text box holds them: one a line, blanks ignored. */
export function mediaUrlsOf(lines: string): string[] {
  return lines
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
