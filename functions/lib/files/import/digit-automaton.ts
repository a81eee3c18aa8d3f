/**
 * libphonenumber's metadata patterns as automata over digits, so the mobile normaliser can prove
 * that a number's leading digits decide its verdict. A reader for the small regular-expression
 * dialect of that metadata: digits, \d, [digit classes], (groups), (?:groups), |, the quantifiers
 * ? * + {n} {n,} {n,m}, and $ (which no automaton is built for). Anything else makes the pattern
 * unanalysable: "not cacheable".
 */

/** Digits an atom accepts, as bits 0–9. */
const ANY_DIGIT = 0x3ff;
type Item = { atom: number | Alternatives | 'end'; min: number; max: number };
type Alternatives = Item[][];

class UnknownSyntax extends Error {}

function classMask(body: string): number {
  let mask = 0;
  for (let i = 0; i < body.length; i += 1) {
    const from = body.charCodeAt(i) - 48;
    if (from < 0 || from > 9) throw new UnknownSyntax();
    if (body[i + 1] === '-') {
      const to = body.charCodeAt(i + 2) - 48;
      if (!(to >= from && to <= 9)) throw new UnknownSyntax();
      for (let d = from; d <= to; d += 1) mask |= 1 << d;
      i += 2;
    } else mask |= 1 << from;
  }
  return mask;
}

export function parseRegex(pattern: string): Alternatives | null {
  try {
    let position = 0;
    const alternatives = (): Alternatives => {
      const all: Alternatives = [[]];
      while (position < pattern.length && pattern[position] !== ')') {
        if (pattern[position] === '|') {
          all.push([]);
          position += 1;
          continue;
        }
        const item = atom();
        quantify(item);
        all[all.length - 1]!.push(item);
      }
      return all;
    };
    const atom = (): Item => {
      const char = pattern[position]!;
      if (char === '(') {
        position += pattern.startsWith('(?:', position) ? 3 : 1;
        const inner = alternatives();
        if (pattern[position] !== ')') throw new UnknownSyntax();
        position += 1;
        return { atom: inner, min: 1, max: 1 };
      }
      if (char === '[') {
        const end = pattern.indexOf(']', position);
        if (end < 0) throw new UnknownSyntax();
        const mask = classMask(pattern.slice(position + 1, end));
        position = end + 1;
        return { atom: mask, min: 1, max: 1 };
      }
      if (char === '\\') {
        const next = pattern[position + 1];
        position += 2;
        if (next === 'd') return { atom: ANY_DIGIT, min: 1, max: 1 };
        throw new UnknownSyntax();
      }
      if (char === '$') {
        position += 1;
        return { atom: 'end', min: 1, max: 1 };
      }
      if (/\d/.test(char)) {
        position += 1;
        return { atom: 1 << (char.charCodeAt(0) - 48), min: 1, max: 1 };
      }
      throw new UnknownSyntax();
    };
    const quantify = (item: Item) => {
      const char = pattern[position];
      if (char === '?') [item.min, item.max, position] = [0, 1, position + 1];
      else if (char === '*') [item.min, item.max, position] = [0, Infinity, position + 1];
      else if (char === '+') [item.min, item.max, position] = [1, Infinity, position + 1];
      else if (char === '{') {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(position));
        if (!match) throw new UnknownSyntax();
        item.min = Number(match[1]);
        item.max = match[2] === undefined ? item.min : match[3] === '' ? Infinity : Number(match[3]);
        position += match[0].length;
      }
    };
    const parsed = alternatives();
    if (position !== pattern.length) throw new UnknownSyntax();
    return parsed;
  } catch (error) {
    if (error instanceof UnknownSyntax) return null;
    throw error;
  }
}

/** Longest rest of a number the automaton answers for (national numbers have at most 17 digits). */
const MAX_REST = 17;

/**
 * A whole-number pattern as a nondeterministic automaton over digits (Thompson's construction):
 * run over a number's leading digits, it tells whether the pattern accepts every possible rest of
 * a given length, none, or some only.
 */
export class Automaton {
  /** Digit transitions of each state: [mask, target] pairs. */
  private readonly moves: Array<Array<[number, number]>> = [];
  private readonly empties: number[][] = [];
  private accept = -1;
  /** closures[s]: the states reachable from s without reading a digit. */
  private closures: number[][] = [];
  /** someRest[r][s]: from s, some rest of r digits reaches acceptance; everyRest[r][s]: a rest of r any-digit moves does. */
  private someRest: Uint8Array[] = [];
  private everyRest: Uint8Array[] = [];

  static of(alternatives: Alternatives | null): Automaton | null {
    if (alternatives === null) return null;
    const automaton = new Automaton();
    const start = automaton.state();
    const end = automaton.buildAlternatives(alternatives, start);
    if (end === null) return null;
    automaton.accept = end;
    automaton.prepare();
    return automaton;
  }

  /** The set of states before any digit. */
  start(): number[] {
    return this.closures[0]!;
  }

  step(states: readonly number[], digit: number): number[] {
    const bit = 1 << digit;
    const next = new Set<number>();
    for (const state of states) {
      for (const [mask, target] of this.moves[state]!) if (mask & bit) for (const reached of this.closures[target]!) next.add(reached);
    }
    return [...next];
  }

  /**
   * Run as a prefix rule (matched from the start, not to the end) over `digits`: after how many
   * digits it has matched something, or can no longer match; null when neither within them.
   */
  settle(digits: string): { digits: number; matched: boolean } | null {
    let states = this.start();
    for (let i = 0; i < digits.length; i += 1) {
      states = this.step(states, digits.charCodeAt(i) - 48);
      if (states.includes(this.accept)) return { digits: i + 1, matched: true };
      if (states.length === 0) return { digits: i + 1, matched: false };
    }
    return null;
  }

  /** True when every rest of `rest` digits is accepted from these states, or none is. */
  isDecided(states: readonly number[], rest: number): boolean {
    if (rest > MAX_REST) return false;
    const every = this.everyRest[rest]!;
    const some = this.someRest[rest]!;
    return states.some((state) => every[state] === 1) || !states.some((state) => some[state] === 1);
  }

  private state(): number {
    this.moves.push([]);
    this.empties.push([]);
    return this.moves.length - 1;
  }

  /** Builds the alternatives from `from`; answers their common end state, or null ($ in a whole-number pattern). */
  private buildAlternatives(alternatives: Alternatives, from: number): number | null {
    const end = this.state();
    for (const sequence of alternatives) {
      let current = from;
      for (const item of sequence) {
        const next = this.buildItem(item, current);
        if (next === null) return null;
        current = next;
      }
      this.empties[current]!.push(end);
    }
    return end;
  }

  private buildOnce(item: Item, from: number): number | null {
    if (item.atom === 'end') return null;
    if (Array.isArray(item.atom)) return this.buildAlternatives(item.atom, from);
    const to = this.state();
    this.moves[from]!.push([item.atom, to]);
    return to;
  }

  private buildItem(item: Item, from: number): number | null {
    let current = from;
    for (let i = 0; i < item.min; i += 1) {
      const next = this.buildOnce(item, current);
      if (next === null) return null;
      current = next;
    }
    if (item.max === Infinity) {
      // A loop: the item again and again, or not at all.
      const loop = this.state();
      this.empties[current]!.push(loop);
      const back = this.buildOnce(item, loop);
      if (back === null) return null;
      this.empties[back]!.push(loop);
      return loop;
    }
    const end = this.state();
    this.empties[current]!.push(end);
    for (let i = item.min; i < item.max; i += 1) {
      const next = this.buildOnce(item, current);
      if (next === null) return null;
      this.empties[next]!.push(end);
      current = next;
    }
    return end;
  }

  private prepare(): void {
    const count = this.moves.length;
    this.closures = Array.from({ length: count }, (_, state) => {
      const seen = new Set([state]);
      const stack = [state];
      while (stack.length > 0) for (const next of this.empties[stack.pop()!]!) if (!seen.has(next)) (seen.add(next), stack.push(next));
      return [...seen];
    });
    const accepting = new Uint8Array(count);
    this.closures.forEach((closure, state) => {
      if (closure.includes(this.accept)) accepting[state] = 1;
    });
    this.someRest = [accepting];
    this.everyRest = [accepting];
    for (let rest = 1; rest <= MAX_REST; rest += 1) {
      const some = new Uint8Array(count);
      const every = new Uint8Array(count);
      const [someBefore, everyBefore] = [this.someRest[rest - 1]!, this.everyRest[rest - 1]!];
      for (let state = 0; state < count; state += 1) {
        for (const inner of this.closures[state]!) {
          for (const [mask, target] of this.moves[inner]!) {
            if (someBefore[target]) some[state] = 1;
            if (mask === ANY_DIGIT && everyBefore[target]) every[state] = 1;
          }
        }
      }
      this.someRest.push(some);
      this.everyRest.push(every);
    }
  }
}
