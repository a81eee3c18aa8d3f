/** The SMS wizard's pure rules, unit-tested: how pasted numbers are split. */

/** Pasted numbers: one a line, or separated by commas or semicolons; spaces belong to numbers ("+1 415 555 0100"). */
export function numbersIn(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((number) => number.trim())
    .filter(Boolean);
}
