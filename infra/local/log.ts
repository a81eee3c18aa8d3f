/** The host's log line sink, and how errors are written to it. */
export type Log = (message: string) => void;

/** The stack when there is one: a developer reading the host's console wants where it failed. */
export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
