/**
 * The search request buffer (spec §9: 1,000 ms): a search is asked for once typing has paused,
 * not on every key.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_BUFFER_MS } from '../../../shared/constants.js';

/** `text` as it was when typing last paused for SEARCH_BUFFER_MS. */
export function useSearchBuffer(text: string): string {
  const [buffered, setBuffered] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setBuffered(text), SEARCH_BUFFER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return buffered;
}

export type BufferedSearch = {
  /** What the box shows. */
  text: string;
  setText(text: string): void;
  /** The trimmed text searched for. */
  applied: string;
  /** Searches for the box's text at once (Enter). */
  applyNow(): void;
};

/** A search box whose text is searched once typing pauses, or at once on Enter. */
export function useBufferedSearch(): BufferedSearch {
  const [text, setTextValue] = useState('');
  const [entered, setEntered] = useState<string | null>(null);
  const buffered = useSearchBuffer(text.trim());
  return {
    text,
    setText(next) {
      setTextValue(next);
      setEntered(null);
    },
    applied: entered ?? buffered,
    applyNow: () => setEntered(text.trim()),
  };
}

/**
 * A search box kept in a URL parameter (so reload and back keep the search). The box updates the
 * URL once typing pauses; a URL changed from elsewhere (the search dialog) refills the box. Other
 * parameters named in `resets` (the page number) are dropped when the search changes.
 */
export function useBufferedSearchParam(name: string, resets: readonly string[] = []): BufferedSearch {
  const [params, setParams] = useSearchParams();
  const applied = (params.get(name) ?? '').trim();
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    if (applied !== text.trim()) setText(applied);
  }
  const buffered = useSearchBuffer(text);

  const apply = (value: string) => {
    const wanted = value.trim();
    if (wanted === applied) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (wanted) next.set(name, wanted);
        else next.delete(name);
        for (const reset of resets) next.delete(reset);
        return next;
      },
      { replace: true },
    );
  };

  // Only a pause in typing applies the box; a URL change alone must not push the old text back.
  useEffect(() => apply(buffered), [buffered]);

  return { text, setText, applied, applyNow: () => apply(text) };
}
