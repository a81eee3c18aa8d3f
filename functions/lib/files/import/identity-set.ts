/**
 * The identities (normalised emails and mobile numbers) an import has met so far, for its in-file
 * duplicate rule, in 8 bytes each whatever the file's size: a million-row file holds up to two
 * million identities, which as a Set of strings took some 180 MB of the worker's memory and here
 * take 32 MB. Each identity is kept as two independent 32-bit hashes (64 bits): two different
 * identities of one file share both with a chance of about 1 in 10 million for a million-row
 * file, and the row that would then count as a duplicate is listed in the report's duplicated
 * rows, so it is never lost silently.
 */
const INITIAL_CAPACITY = 1 << 12;

export class IdentitySet {
  private high = new Uint32Array(INITIAL_CAPACITY);
  private low = new Uint32Array(INITIAL_CAPACITY);
  /** Identities held. */
  size = 0;

  has(identity: string): boolean {
    const [high, low] = hashes(identity);
    return this.slotOf(high, low).found;
  }

  /** Adds the identity; false when it was there already. */
  add(identity: string): boolean {
    const [high, low] = hashes(identity);
    const { index, found } = this.slotOf(high, low);
    if (found) return false;
    this.high[index] = high;
    this.low[index] = low;
    this.size += 1;
    if (this.size * 2 > this.high.length) this.grow();
    return true;
  }

  /** Linear probing; an empty slot is (0, 0), which no identity hashes to (see hashes). */
  private slotOf(high: number, low: number): { index: number; found: boolean } {
    const mask = this.high.length - 1;
    let index = (high ^ Math.imul(low, 0x9e3779b1)) & mask;
    for (;;) {
      const slotHigh = this.high[index]!;
      const slotLow = this.low[index]!;
      if (slotHigh === 0 && slotLow === 0) return { index, found: false };
      if (slotHigh === high && slotLow === low) return { index, found: true };
      index = (index + 1) & mask;
    }
  }

  private grow(): void {
    const [oldHigh, oldLow] = [this.high, this.low];
    this.high = new Uint32Array(oldHigh.length * 2);
    this.low = new Uint32Array(oldLow.length * 2);
    for (let i = 0; i < oldHigh.length; i += 1) {
      if (oldHigh[i] === 0 && oldLow[i] === 0) continue;
      const { index } = this.slotOf(oldHigh[i]!, oldLow[i]!);
      this.high[index] = oldHigh[i]!;
      this.low[index] = oldLow[i]!;
    }
  }
}

/** FNV-1a and a multiply-xorshift hash over the UTF-16 code units; never both zero. */
function hashes(text: string): [number, number] {
  let fnv = 0x811c9dc5;
  let mix = 0x6a09e667 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ unit, 0x01000193);
    mix = Math.imul(mix ^ unit, 0x5bd1e995);
    mix ^= mix >>> 15;
  }
  mix = Math.imul(mix ^ (mix >>> 13), 0xc2b2ae35);
  mix ^= mix >>> 16;
  const high = fnv >>> 0;
  const low = mix >>> 0;
  return high === 0 && low === 0 ? [0, 1] : [high, low];
}
