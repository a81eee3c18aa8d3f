/** What the drawer's pieces pass between them. */
import type { TFileEntry } from '../api/file-manager.js';

/** A folder the drawer lists or moves into (the root has the empty name). */
export type Folder = { id: string; name: string };

/**
 * Picking for an editor: the files it `accepts` (images unless it says otherwise) get an Insert
 * action that hands the file back.
 */
export type FilePick = { onPick(file: TFileEntry): void; accepts?(file: TFileEntry): boolean };
