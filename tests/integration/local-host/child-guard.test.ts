import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';

const fixture = join(import.meta.dirname, 'fixtures', 'guarded-child.ts');

/** Runs the fixture to its end and returns what it printed; a crash still returns its output. */
async function runGuardedChild(mode: 'crash' | 'handled'): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture, mode], { timeout: 20_000 });
    return stdout;
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('child guard', () => {
  it('kills the guarded child when an uncaught error crashes the process', async () => {
    // Act
    const output = await runGuardedChild('crash');

    // Assess
    const pid = Number(/pid (\d+)/.exec(output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 5_000 });
  });

  it('leaves the child running when the process handles the error and goes on, as a test runner does', async () => {
    // Act
    const output = await runGuardedChild('handled');

    // Assess
    expect(output).toContain('running true');
    const pid = Number(/pid (\d+)/.exec(output)?.[1]);
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 5_000 });
  });
});
