/** Small JSON state files under DATA_DIR, written atomically so a crash never leaves half a file. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** The file's value, or `create()`'s, which is then stored: generated once, kept for good. */
export async function readOrCreateJsonFile<T>(file: string, create: () => T): Promise<T> {
  const existing = await readJsonFile<T>(file);
  if (existing !== undefined) return existing;
  const created = create();
  await writeJsonFile(file, created);
  return created;
}
