/**
 * Contacts a page at a time under a cursor trail (group members, search results, the member
 * picker): bars while the first page loads, a message when it failed or found no one, else the
 * table with whatever acts on the selection above it, and the pager below.
 */
import type { ReactNode } from 'react';
import { LIST_PAGE_SIZE } from '../../../../shared/constants.js';
import type { TContactSearchResponse } from '../../../../shared/schemas/contact-search.js';
import { ContactTable, type RowSelection } from './contact-table.js';
import { InboxIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';
import { Pager, type CursorTrail } from '../pager.js';

type Props = {
  /** The page asked for with `trail.cursor` and LIST_PAGE_SIZE. */
  result: { page?: TContactSearchResponse; error: unknown; isValidating: boolean; refetch(): unknown };
  trail: CursorTrail;
  /** Every contact the pages hold, when known. */
  total?: number;
  failed: { title: string; testId: string };
  empty: { title: string; text?: string; testId: string };
  /** Above the table once there are contacts: the selection's actions. */
  toolbar?: ReactNode;
  /** Names the table for assistive technology. */
  label: string;
  linkToProfile: boolean;
  selection?: RowSelection;
  testId: string;
};

export function ContactPages({ result, trail, total, failed, empty, toolbar, label, linkToProfile, selection, testId }: Props) {
  const { page, error, isValidating, refetch } = result;
  if (!page) {
    if (error) return <ListError title={failed.title} onRetry={() => void refetch()} testId={failed.testId} />;
    return <ListSkeleton rows={3} />;
  }
  if (page.data.length === 0 && !trail.hasPrevious) return <ListMessage icon={InboxIcon} {...empty} />;
  return (
    <>
      {toolbar}
      <ContactTable contacts={page.data} label={label} linkToProfile={linkToProfile} selection={selection} testId={testId} />
      <Pager
        firstRow={trail.pageIndex * LIST_PAGE_SIZE + 1}
        shown={page.data.length}
        total={total}
        hasPrevious={trail.hasPrevious}
        hasNext={page.nextCursor !== null && !isValidating}
        onPrevious={trail.previous}
        onNext={() => page.nextCursor && trail.next(page.nextCursor)}
        busy={isValidating}
      />
    </>
  );
}
