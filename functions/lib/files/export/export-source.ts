/**
 * What an export writes, whatever it exports (contacts, a campaign report's list): the columns,
 * the rows a batch at a time in the order the file has them, and how far through them the reader is.
 */
import type { ExportCell } from '../../../../shared/domain/contact-export.js';
import type { TableColumn } from './table-writer.js';

export type ExportSource = {
  columns: readonly TableColumn[];
  /** The XLSX sheet's name. */
  sheetName: string;
  rows: AsyncIterable<ExportCell[][]>;
  /** 0–1: the share of the source read. */
  share(): number;
  /** How many rows the export will have, when known without reading them. */
  expected: number | null;
};
