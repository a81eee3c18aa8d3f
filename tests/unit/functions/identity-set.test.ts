import { describe, expect, it } from 'vitest';
import { IdentitySet } from '../../../functions/lib/files/import/identity-set.js';

describe('the identity set of an import', () => {
  it('tells identities it holds from ones it does not, across its growth', () => {
    // Prepare
    const set = new IdentitySet();
    const identities = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? `e:user${i}@例子.com` : `m:+8529${String(i).padStart(7, '0')}`));

    // Act
    const firstAdds = identities.map((identity) => set.add(identity));
    const secondAdds = identities.slice(0, 1_000).map((identity) => set.add(identity));
    const others = Array.from({ length: 200_000 }, (_, i) => set.has(`e:other${i}@example.com`));

    // Assess
    expect(firstAdds.every(Boolean)).toBe(true);
    expect(secondAdds.some(Boolean)).toBe(false);
    expect(set.size).toBe(200_000);
    expect(identities.every((identity) => set.has(identity))).toBe(true);
    expect(others.some(Boolean)).toBe(false);
  });

  it('holds the empty text and texts differing in one character apart', () => {
    const set = new IdentitySet();
    set.add('');
    set.add('e:a@example.com');
    expect([set.has(''), set.has('e:a@example.com'), set.has('e:b@example.com'), set.has('e:a@example.co')]).toEqual([true, true, false, false]);
  });
});
