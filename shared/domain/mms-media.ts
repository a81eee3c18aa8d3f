/**
 * What an MMS may carry (AWS End User Messaging SMS, "MMS file types, size and character limits"):
 * images (GIF, JPEG, PNG) up to 2 MB each, every other accepted type up to 600 KB, a text of at
 * most 1,600 characters that is never split into parts. Pure: the MMS editor shows the same
 * problems the save and the send refuse.
 */
import type { TMmsComponent } from '../schemas/campaigns.js';

const KB = 1024;
const MB = 1024 * KB;

/** Accepted media types and the largest file of each. */
export const MMS_MEDIA_LIMITS: Readonly<Record<string, { kind: TMmsComponent['type']; maxBytes: number }>> = {
  'image/gif': { kind: 'image', maxBytes: 2 * MB },
  'image/jpeg': { kind: 'image', maxBytes: 2 * MB },
  'image/png': { kind: 'image', maxBytes: 2 * MB },
  'image/tiff': { kind: 'image', maxBytes: 600 * KB },
  'audio/3gpp': { kind: 'audio', maxBytes: 600 * KB },
  'video/3gpp': { kind: 'video', maxBytes: 600 * KB },
  'audio/3gpp2': { kind: 'audio', maxBytes: 600 * KB },
  'video/3gpp2': { kind: 'video', maxBytes: 600 * KB },
  'audio/amr': { kind: 'audio', maxBytes: 600 * KB },
  'audio/mp4': { kind: 'audio', maxBytes: 600 * KB },
  'video/mp4': { kind: 'video', maxBytes: 600 * KB },
  'audio/mpeg': { kind: 'audio', maxBytes: 600 * KB },
  'audio/ogg': { kind: 'audio', maxBytes: 600 * KB },
  'video/quicktime': { kind: 'video', maxBytes: 600 * KB },
  'video/webm': { kind: 'video', maxBytes: 600 * KB },
  'text/calendar': { kind: 'file', maxBytes: 600 * KB },
  'text/vcard': { kind: 'file', maxBytes: 600 * KB },
  'text/x-vcard': { kind: 'file', maxBytes: 600 * KB },
  'application/pdf': { kind: 'file', maxBytes: 600 * KB },
};

export type MmsMediaProblem = { index: number; filename: string; problem: 'type'; mimeType: string } | { index: number; filename: string; problem: 'size'; size: number; maxBytes: number };

/** Each component that cannot go in an MMS, with why. */
export function mmsMediaProblems(components: readonly Pick<TMmsComponent, 'filename' | 'size' | 'mimeType'>[]): MmsMediaProblem[] {
  return components.flatMap((component, index): MmsMediaProblem[] => {
    const limit = MMS_MEDIA_LIMITS[component.mimeType.toLowerCase()];
    if (!limit) return [{ index, filename: component.filename, problem: 'type', mimeType: component.mimeType }];
    if (component.size > limit.maxBytes) return [{ index, filename: component.filename, problem: 'size', size: component.size, maxBytes: limit.maxBytes }];
    return [];
  });
}

/** The component type a media type is sent as (image, video, audio or file), or null when MMS does not take it. */
export function mmsComponentType(mimeType: string): TMmsComponent['type'] | null {
  return MMS_MEDIA_LIMITS[mimeType.toLowerCase()]?.kind ?? null;
}
