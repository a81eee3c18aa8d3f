import type { z } from 'zod';
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
