/**
 * What the local host generates once and keeps in DATA_DIR: the session-token secret and the demo
 * account's credentials, and the seeding of that account through the product's own service.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { isFunction, loadExport, MissingModuleError, type ResolveModule } from './lambda-runtime.js';
import { readOrCreateJsonFile } from './persistence/json-file.js';
import { errorText, type Log } from './log.js';

export type DemoCredentials = { email: string; password: string };

export const DEMO_EMAIL = 'demo@example.com';
const DEMO_FULLNAME = 'Demo User';

/** The HS256 secret of session tokens, stable across restarts so sessions survive them. */
export async function loadJwtSecret(dataDir: string): Promise<string> {
  const secrets = await readOrCreateJsonFile(join(dataDir, 'secrets.json'), () => ({
    jwtSecret: randomBytes(36).toString('base64url'),
  }));
  return secrets.jwtSecret;
}

export function loadDemoCredentials(dataDir: string): Promise<DemoCredentials> {
  return readOrCreateJsonFile(join(dataDir, 'demo-credentials.json'), () => ({ email: DEMO_EMAIL, password: demoPassword() }));
}

/** 16 characters that always meet spec §5 (length, upper, lower, digit) and are easy to type. */
function demoPassword(): string {
  const pick = (alphabet: string): string => alphabet[randomInt(alphabet.length)];
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const characters = [pick(upper), pick(lower), pick(digits)];
  while (characters.length < 16) characters.push(pick(upper + lower + digits));
  return `Demo-${characters.join('')}`;
}

type EnsureDemoAccount = (input: { email: string; password: string; fullname: string }) => Promise<unknown>;

/** Creates the demo account through functions/services/seed.ts (idempotent there). */
export async function seedDemoAccount(options: {
  resolveModule: ResolveModule;
  credentials: DemoCredentials;
  log: Log;
}): Promise<void> {
  try {
    const ensureDemoAccount = await loadExport(
      options.resolveModule('services', 'seed'),
      'ensureDemoAccount',
      isFunction<EnsureDemoAccount>,
    );
    await ensureDemoAccount({ ...options.credentials, fullname: DEMO_FULLNAME });
  } catch (error) {
    if (error instanceof MissingModuleError) {
      options.log(`Demo account not seeded: ${error.message} (it should export ensureDemoAccount).`);
      return;
    }
    options.log(`Demo account not seeded: ${errorText(error)}`);
  }
}
