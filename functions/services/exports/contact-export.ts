/**
 * The rows of a contact export (spec §4 Export): every contact, a group's or a search's, read in
 * contact-number order a block at a time and written under the account's export columns
 * (shared/domain/contact-export.ts). The export worker (functions/services/exports/export-run.ts) writes them.
 */
import type { ContactPredicate } from '../../../shared/domain/contact-filter.js';
import { exportColumns, type ExportColumn } from '../../../shared/domain/contact-export.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import type { TExportJobSource } from '../../../shared/schemas/exports.js';
import { getAccount } from '../../data/accounts.js';
import { getContactSet } from '../../data/contact-sets.js';
import { contactBlockOf, getHighestContactId, readContactBlocks, walkContacts } from '../../data/contacts.js';
import type { ExportSource } from '../../lib/files/export/export-source.js';
import { compileContactFilter, loadFilterContext } from '../contacts/contact-search.js';

/** Contacts to export in number order, and how far through them the reader is. */
type ContactBatches = Pick<ExportSource, 'share' | 'expected'> & { batches: AsyncIterable<ContactRecord[]> };

/** Every contact numbered up to now, in order, filtered by `predicate`. */
async function walkSource(tuid: string, predicate: ContactPredicate | null, expected: number | null): Promise<ContactBatches> {
  // Contacts created while the export runs are not in it: the export is the list as it started.
  const highestId = await getHighestContactId(tuid);
  let lastId = 0;
  return {
    expected,
    share: () => (highestId === 0 ? 1 : Math.min(1, lastId / highestId)),
    batches: (async function* () {
      for await (const block of walkContacts(tuid, { direction: 'asc', startId: 1, highestId })) {
        const last = block[block.length - 1];
        if (last) lastId = last.id;
        yield predicate ? block.filter(predicate) : block;
      }
      lastId = highestId;
    })(),
  };
}

/** A snapshot group reads only the blocks its members live in. */
async function snapshotSource(tuid: string, groupId: string, memberCount: number): Promise<ContactBatches> {
  const members = await getContactSet(tuid, groupId);
  const blocks = [...new Set(Array.from(members.ids(), contactBlockOf))].sort((a, b) => a - b);
  let done = 0;
  return {
    expected: memberCount,
    share: () => (blocks.length === 0 ? 1 : done / blocks.length),
    batches: (async function* () {
      for await (const block of readContactBlocks(tuid, blocks)) {
        done += 1;
        yield block.filter((contact) => members.has(contact.id));
      }
    })(),
  };
}

async function* rowsOf(batches: AsyncIterable<ContactRecord[]>, columns: readonly ExportColumn[]) {
  for await (const contacts of batches) yield contacts.map((contact) => columns.map((column) => column.value(contact)));
}

/** A contact export's rows; a deleted group or a search that no longer compiles throws (the export fails). */
export async function openContactExportSource(options: { tuid: string; source: Exclude<TExportJobSource, { kind: 'campaignReport' }>; timeZone: string }): Promise<ExportSource> {
  const { tuid, source, timeZone } = options;
  const context = await loadFilterContext(tuid);
  let contacts: ContactBatches;
  if (source.kind === 'all') {
    contacts = await walkSource(tuid, null, (await getAccount(tuid))?.contactCount ?? null);
  } else if (source.kind === 'group') {
    const group = context.groups.get(source.groupId);
    // Auto-update groups and the system lists select by their conditions now; a deleted group throws.
    contacts = group?.type === 'S' ? await snapshotSource(tuid, group.id, group.memberCount) : await walkSource(tuid, await compileContactFilter({ context, filter: { groupId: source.groupId } }), null);
  } else {
    contacts = await walkSource(tuid, await compileContactFilter({ context, filter: source.filter }), null);
  }
  const columns = exportColumns(context.fields, { timeZone });
  return { columns, sheetName: 'Contacts', rows: rowsOf(contacts.batches, columns), share: contacts.share, expected: contacts.expected };
}
