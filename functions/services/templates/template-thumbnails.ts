/**
 * Template thumbnails (spec §7 thumbnail/get). A version's thumbnail is drawn once, on first
 * request, and kept beside the version in the data bucket; a save makes a new version, so a kept
 * thumbnail is never stale and the browser may cache it for good. An account sees the thumbnails
 * of its own templates and of those shared with it (an accepted share).
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TThumbnailQuery } from '../../../shared/schemas/templates.js';
import { getTemplateRecord, readTemplateThumbnail, templateContentVersion, writeTemplateThumbnail } from '../../data/templates.js';
import { logger } from '../../lib/logger.js';
import { templateThumbnailSvg } from '../../lib/template-thumbnail.js';
import { isTemplateSharedWith } from './template-shares.js';
import { loadCurrent } from './templates.js';

export type Thumbnail = {
  svg: string;
  /** False when the version asked for was replaced: the current one is answered, but not for caching. */
  isRequestedVersion: boolean;
};

const notFound = () => new AppError(ERROR_CODES.TEMPLATE_NOT_FOUND, 'This template does not exist.');

export async function getTemplateThumbnail(options: { tuid: string; query: TThumbnailQuery }): Promise<Thumbnail> {
  const { tuid, query } = options;
  const mayRead = query.tuid === tuid || (await isTemplateSharedWith({ receiverTuid: tuid, ownerTuid: query.tuid, templateId: query.id }));
  // Another account's template, not shared with this one, answers exactly like a missing one.
  if (!mayRead) throw notFound();
  // A kept drawing needs only the metadata; the content (up to 3 MB) is read only to draw one.
  const current = await getTemplateRecord(query.tuid, query.id);
  if (!current) throw notFound();
  const kept = await readTemplateThumbnail(current.contentKey);
  if (kept !== null) return { svg: kept, isRequestedVersion: templateContentVersion(current.contentKey) === query.version };

  const { record, content } = await loadCurrent({ tuid: query.tuid, templateId: query.id });
  const isRequestedVersion = templateContentVersion(record.contentKey) === query.version;
  const svg = templateThumbnailSvg(content);
  // Keeping it only saves the next drawing; the answer does not wait on it failing.
  await writeTemplateThumbnail(record.contentKey, svg).catch((error: unknown) =>
    logger.warn('template thumbnail not kept', { templateId: query.id, error }),
  );
  return { svg, isRequestedVersion };
}
