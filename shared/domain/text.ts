/**
 * What text fields may hold. No field takes control characters (C0 other than tab, line feed and
 * carriage return; DEL; C1): they break headers, files and terminals and no one types them. A
 * one-line field (a name, a subject) takes no tab or line break either.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when `text` holds a control character no field takes (multi-line text keeps \t \n \r). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** True when `text` is one line: no control character at all, tab and line breaks included. */
export function isSingleLineText(text: string): boolean {
  return !NOT_ONE_LINE.test(text);
}

/** A name as stored and compared: NFC (so "Café" typed with a combining accent is the same name) and trimmed. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim();
}
