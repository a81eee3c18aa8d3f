/**
 * What the local host generates once and keeps in DATA_DIR: the session-token secret and the
 * credentials of the demo account and of a provider-support account, and the seeding of both
 * through the product's own service.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { isFunction, loadExport, MissingModuleError, type ResolveModule } from './lambda-runtime.js';
import { readOrCreateJsonFile } from './persistence/json-file.js';
import { errorText, type Log } from './log.js';

export type DemoCredentials = { email: string; password: string };

export const DEMO_EMAIL = 'demo@example.com';
const DEMO_FULLNAME = 'Demo User';
/** Provider support staff (`admin: true`): announcements, force-logout and locks. */
export const SUPPORT_EMAIL = 'support@example.com';
const SUPPORT_FULLNAME = 'Support Team';

/** The HS256 secret of session tokens, stable across restarts so sessions survive them. */
export async function loadJwtSecret(dataDir: string): Promise<string> {
  const secrets = await readOrCreateJsonFile(join(dataDir, 'secrets.json'), () => ({
    jwtSecret: randomBytes(36).toString('base64url'),
  }));
  return secrets.jwtSecret;
}

export function loadDemoCredentials(dataDir: string): Promise<DemoCredentials> {
  return readOrCreateJsonFile(join(dataDir, 'demo-credentials.json'), () => ({ email: DEMO_EMAIL, password: generatedPassword('Demo') }));
}

export function loadSupportCredentials(dataDir: string): Promise<DemoCredentials> {
  return readOrCreateJsonFile(join(dataDir, 'support-credentials.json'), () => ({ email: SUPPORT_EMAIL, password: generatedPassword('Support') }));
}

/** 16 characters that always meet spec §5 (length, upper, lower, digit) and are easy to type. */
function generatedPassword(prefix: string): string {
  const pick = (alphabet: string): string => alphabet[randomInt(alphabet.length)];
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const characters = [pick(upper), pick(lower), pick(digits)];
  while (characters.length < 16) characters.push(pick(upper + lower + digits));
  return `${prefix}-${characters.join('')}`;
}

type EnsureAccount = (input: { email: string; password: string; fullname: string }) => Promise<unknown>;

type SeedOptions = { resolveModule: ResolveModule; credentials: DemoCredentials; log: Log };

/** Creates an account through an export of functions/services/seed.ts (idempotent there). */
async function seedThroughService(exportName: 'ensureDemoAccount' | 'ensureSupportAccount', fullname: string, options: SeedOptions): Promise<void> {
  try {
    const ensureAccount = await loadExport(options.resolveModule('services', 'seed'), exportName, isFunction<EnsureAccount>);
    await ensureAccount({ ...options.credentials, fullname });
  } catch (error) {
    if (error instanceof MissingModuleError) {
      options.log(`${fullname} not seeded: ${error.message} (it should export ${exportName}).`);
      return;
    }
    options.log(`${fullname} not seeded: ${errorText(error)}`);
  }
}

export function seedDemoAccount(options: SeedOptions): Promise<void> {
  return seedThroughService('ensureDemoAccount', DEMO_FULLNAME, options);
}

export function seedSupportAccount(options: SeedOptions): Promise<void> {
  return seedThroughService('ensureSupportAccount', SUPPORT_FULLNAME, options);
}

type RunMigrations = (options: { now: Date }) => Promise<Record<string, number>>;

/**
 * Runs the data migrations not yet done (functions/services/migrations.ts), as the daily housekeeping
 * does in AWS, so a developer's stored data is current from the first request. A failure is logged:
 * the next start or housekeeping run resumes it.
 */
export async function runPendingMigrations(options: { resolveModule: ResolveModule; log: Log }): Promise<void> {
  try {
    const runMigrations = await loadExport(options.resolveModule('services', 'migrations'), 'runMigrations', isFunction<RunMigrations>);
    for (const [name, changed] of Object.entries(await runMigrations({ now: new Date() }))) options.log(`Migration ${name} done (${changed} changed).`);
  } catch (error) {
    if (error instanceof MissingModuleError) return;
    options.log(`Migrations not run: ${errorText(error)}`);
  }
}
