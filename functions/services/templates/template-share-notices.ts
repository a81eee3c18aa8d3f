/**
 * The templateShare notifications (spec §3, §4 "Template and group sharing") and ending the shares
 * of deleted templates. Kept apart from the sharing service so the templates service can end
 * shares on delete without the two services importing each other.
 */
import { SEVERITY, type NotificationMessageType, type Severity } from '../../../shared/domain/notifications.js';
import { getAccount } from '../../data/accounts.js';
import { deleteTemplateContent } from '../../data/templates.js';
import { deleteShare, listTemplateShares, type ShareRecord, type ShareUser } from '../../data/template-shares.js';
import { createLimiter } from '../../lib/concurrency.js';
import { logger } from '../../lib/logger.js';
import { createNotification } from '../notifications/notifications.js';

/** The user behind a login, as notices and shares name them. */
export async function shareUserOf(loginTuid: string): Promise<ShareUser> {
  return { loginTuid, name: (await getAccount(loginTuid))?.fullname ?? '' };
}

/**
 * Tells `to` about a share: `actor` did it (userName), the receiving account is shareToUserName.
 * The share has already changed; a notice that cannot be stored is logged, never the caller's failure.
 */
export async function noticeOfShare(options: {
  to: string;
  messageType: NotificationMessageType<'templateShare'>;
  severity?: Severity;
  actor: ShareUser;
  share: ShareRecord;
  templateName?: string;
  now: Date;
}): Promise<void> {
  const { to, messageType, actor, share, now } = options;
  try {
    await createNotification({
      userId: to,
      type: 'templateShare',
      messageType,
      severity: options.severity ?? SEVERITY.info,
      values: {
        userName: { id: actor.loginTuid, fullname: actor.name },
        shareToUserName: { id: share.receiverTuid, fullname: share.receiverName },
        templateName: options.templateName ?? share.templateName,
      },
      now,
    });
  } catch (error) {
    logger.warn('template share notice not stored', { to, messageType, shareId: share.id, error });
  }
}

/** A copy's snapshot nobody will take any more; a failure only leaves an unreferenced object. */
export async function discardCopySnapshot(share: ShareRecord): Promise<void> {
  if (!share.copyContentKey) return;
  await deleteTemplateContent(share.copyContentKey).catch((error: unknown) => logger.warn('copy snapshot not removed', { shareId: share.id, error }));
}

/** Shares ended at once per deleted template. */
const ENDINGS_IN_FLIGHT = 4;

/**
 * Ends every share and pending copy of templates that were just deleted and tells each receiver
 * (accessRemoved). Runs after the delete, so a share written meanwhile (its transaction checks
 * that the template exists) is either refused or seen here.
 */
export async function endSharesOfTemplates(options: { ownerTuid: string; loginTuid: string; templates: ReadonlyArray<{ id: string; name: string }>; now: Date }): Promise<void> {
  const { ownerTuid, loginTuid, now } = options;
  const limit = createLimiter(ENDINGS_IN_FLIGHT);
  let actor: ShareUser | undefined;
  await Promise.all(
    options.templates.map((template) =>
      limit(async () => {
        for (const share of await listTemplateShares(ownerTuid, template.id)) {
          if (!(await deleteShare(share))) continue;
          await discardCopySnapshot(share);
          actor ??= await shareUserOf(loginTuid);
          await noticeOfShare({ to: share.receiverTuid, messageType: 'accessRemoved', severity: SEVERITY.warning, actor, share, templateName: template.name, now });
        }
      }),
    ),
  );
}
