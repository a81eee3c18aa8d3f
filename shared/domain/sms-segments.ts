/**
 * How long an SMS is on the wire: its encoding, its length in the encoding's units and how many
 * segments (billed messages) it takes. A text made only of GSM 03.38 characters travels as GSM-7
 * (7-bit septets; extension-table characters take an escape septet plus their own); any other
 * character switches the whole message to UCS-2 (UTF-16 code units; emoji and other characters
 * outside the BMP take two). A multipart message spends part of every segment on its
 * concatenation header, and carriers never split an escape pair or a surrogate pair across two
 * segments, so a two-unit character that does not fit moves whole to the next segment. Pure; the
 * "enter message" editor and the SMS send service share it, so what the user sees is what is billed.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsSegmentCount = {
  encoding: SmsEncoding;
  /** Characters as the user sees them typed (Unicode code points). */
  characters: number;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** 0 for an empty text. */
  segments: number;
  /** Units one segment holds at this length: the single-message limit, or the multipart one. */
  perSegment: number;
  /** Units still free in the last segment before another segment is needed. */
  remainingInSegment: number;
  /** Each character that forced UCS-2, once, in order of first use; empty for GSM-7. */
  nonGsmCharacters: string[];
};

/** Units per segment: a message that fits `single` is one segment, a longer one is cut into `multipart` parts. */
export const SMS_SEGMENT_LIMITS: Readonly<Record<SmsEncoding, { single: number; multipart: number }>> = {
  'GSM-7': { single: 160, multipart: 153 },
  'UCS-2': { single: 70, multipart: 67 },
};

// The GSM 03.38 default alphabet, without its escape code (0x1B), which no typed character maps to.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
// Characters of the extension table, each sent as escape + code: two septets.
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

const isGsmCharacter = (character: string) => GSM_BASIC.has(character) || GSM_EXTENSION.has(character);

function unitsOf(character: string, encoding: SmsEncoding): number {
  if (encoding === 'GSM-7') return GSM_EXTENSION.has(character) ? 2 : 1;
  return character.length;
}

/** Counts a message the way it will be sent and billed (see the module comment). */
export function countSmsSegments(text: string): SmsSegmentCount {
  const characters = Array.from(text);
  const nonGsmCharacters = [...new Set(characters.filter((character) => !isGsmCharacter(character)))];
  const encoding: SmsEncoding = nonGsmCharacters.length === 0 ? 'GSM-7' : 'UCS-2';
  const limits = SMS_SEGMENT_LIMITS[encoding];
  const costs = characters.map((character) => unitsOf(character, encoding));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const counted = { encoding, characters: characters.length, units, nonGsmCharacters };

  if (units <= limits.single) {
    return { ...counted, segments: units === 0 ? 0 : 1, perSegment: limits.single, remainingInSegment: limits.single - units };
  }
  let segments = 1;
  let usedInSegment = 0;
  for (const cost of costs) {
    if (usedInSegment + cost > limits.multipart) {
      segments += 1;
      usedInSegment = 0;
    }
    usedInSegment += cost;
  }
  return { ...counted, segments, perSegment: limits.multipart, remainingInSegment: limits.multipart - usedInSegment };
}
