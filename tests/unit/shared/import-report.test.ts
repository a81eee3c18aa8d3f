/** Names of an import report's downloads: the upload's name, without its extensions, and the list's suffix. */
import { describe, expect, it } from 'vitest';
import { importFileName } from '../../../shared/domain/import-report.js';

describe('import report file names', () => {
  it.each([
    ['people.csv', 'csv', 'people-error-contacts.csv'],
    ['people.xlsx', 'xlsx', 'people-error-contacts.xlsx'],
    ['audience.zip', 'csv', 'audience-error-contacts.csv'],
    ['audience.csv.gz', 'csv', 'audience-error-contacts.csv'],
    ['crm.XLSX.GZ', 'xlsx', 'crm-error-contacts.xlsx'],
  ] as const)('names the error list of %s (read as %s) %s', (fileName, fileFormat, expected) => {
    expect(importFileName({ fileName, fileFormat }, 'error')).toBe(expected);
    expect(importFileName({ fileName, fileFormat }, 'file')).toBe(fileName);
  });
});
