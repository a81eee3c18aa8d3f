/**
 * The columns the user hid in the contact list, remembered per account in this browser. Hidden
 * rather than shown columns are stored, so a field created later appears by default.
 */
import { useState } from 'react';
import { useClaims } from '../../session/session.js';
import { DEFAULT_HIDDEN_COLUMNS, isColumnId, type ColumnId } from '../../components/contacts/contact-columns.js';

/** The stored choice, or the default for a missing or malformed one. */
export function parseHiddenColumns(text: string | null): ColumnId[] {
  if (!text) return [...DEFAULT_HIDDEN_COLUMNS];
  try {
    const stored: unknown = JSON.parse(text);
    return Array.isArray(stored) ? stored.filter(isColumnId) : [...DEFAULT_HIDDEN_COLUMNS];
  } catch {
    return [...DEFAULT_HIDDEN_COLUMNS];
  }
}

function read(key: string): ColumnId[] {
  try {
    return parseHiddenColumns(window.localStorage.getItem(key));
  } catch {
    return [...DEFAULT_HIDDEN_COLUMNS];
  }
}

export function useHiddenColumns() {
  const key = `contacts.hiddenColumns.${useClaims()?.tuid ?? ''}`;
  const [hidden, setHidden] = useState<ReadonlySet<ColumnId>>(() => new Set(read(key)));

  return {
    hidden,
    setColumnVisible(column: ColumnId, visible: boolean) {
      const next = new Set(hidden);
      if (visible) next.delete(column);
      else next.add(column);
      setHidden(next);
      try {
        window.localStorage.setItem(key, JSON.stringify([...next]));
      } catch {
        // Without storage the choice lasts until the page is left.
      }
    },
  };
}
