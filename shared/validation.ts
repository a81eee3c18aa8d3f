import type { z } from 'zod';
import { hasControlCharacters } from './domain/text.js';
import { AppError, ERROR_CODES } from './errors.js';

/** Parses input with a shared zod schema; failures answer VALIDATE_INVALID_INPUT naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.join('.') || 'body';
    return `${field}: ${issue.message}`;
  });
  throw new AppError(ERROR_CODES.INVALID_INPUT, problems.join('; '));
}

/** The path (`contact.notes.1`) of the first string or key in `value` with a control character, or null. */
function controlCharacterPath(value: unknown): string | null {
  // A stack, not recursion: a deeply nested body must not overflow it.
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) return path;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (hasControlCharacters(key)) return childPath;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * Parses a request's body, query or path parameters: no text in it may hold a control character
 * (shared/domain/text.ts), whatever the schema says of the field; then as parseInput.
 */
export function parseRequestInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const path = controlCharacterPath(value);
  if (path !== null) throw new AppError(ERROR_CODES.INVALID_INPUT, `${path || 'body'}: control characters are not allowed`);
  return parseInput(schema, value);
}
