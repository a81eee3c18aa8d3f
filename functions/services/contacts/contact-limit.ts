/**
 * The free contact limit's notices (spec §9: 75% and 100%), for every way contacts are added or
 * removed (forms, the API, pasted recipients, imports). The account keeps the count its owner was
 * last told about; a notice goes out when the count has climbed past its threshold since, and the
 * mark moves with a condition first, so a redelivered import batch or a racing request sends
 * nothing twice. A count that falls back under a threshold re-arms it.
 */
import { FREE_CONTACT_LIMIT } from '../../../shared/constants.js';
import { contactLimitNoticesCrossed } from '../../../shared/domain/contacts.js';
import { getAccount, moveContactNoticeMark } from '../../data/accounts.js';
import { createNotification } from '../notifications/notifications.js';

/** Racing writers each read the mark again after losing; a few rounds settle any real race. */
const MARK_ATTEMPTS = 3;

/** Tells a free account's owner of the notices its contact count has crossed since they were last told. */
export async function noticeContactLimit({ tuid, now }: { tuid: string; now: Date }): Promise<void> {
  for (let attempt = 1; attempt <= MARK_ATTEMPTS; attempt += 1) {
    const account = await getAccount(tuid);
    if (!account?.free) return;
    const mark = account.contactNoticeMark ?? 0;
    const count = account.contactCount;
    const rising = contactLimitNoticesCrossed(mark, count, FREE_CONTACT_LIMIT);
    // Only a threshold between the mark and the count is worth a write: up to tell, down to re-arm.
    if (rising.length === 0 && contactLimitNoticesCrossed(count, mark, FREE_CONTACT_LIMIT).length === 0) return;
    if (!(await moveContactNoticeMark(tuid, mark, count))) continue;
    for (const percent of rising) {
      await createNotification({ userId: tuid, type: 'contactLimit', messageType: `reached${percent}`, severity: percent === 100 ? 2 : 1, values: {}, now });
    }
    return;
  }
}
