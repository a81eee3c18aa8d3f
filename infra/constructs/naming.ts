/** `outbound-mail` -> `OutboundMail`: construct ids from route-table names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}
