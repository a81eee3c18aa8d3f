/** A template's text box: its text, and inserting a tag where the caret is (or over the selection). */
import { useRef, useState } from 'react';
import { insertText } from './text-insertion.js';

export function useTemplateText(initial: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);

  /** Puts the caret or a selection back in the box once the menu that took the focus has closed. */
  const selectLater = (start: number, end: number) =>
    setTimeout(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(start, end);
    }, 0);

  return {
    ref,
    text,
    setText,
    insert(inserted: string) {
      // A box that lost the focus still knows its last selection.
      const box = ref.current;
      const next = insertText(text, box ? { start: box.selectionStart, end: box.selectionEnd } : { start: text.length, end: text.length }, inserted);
      setText(next.text);
      selectLater(next.caret, next.caret);
    },
    select: (start: number, end: number) => selectLater(start, end),
  };
}
