import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startLocalHost } from '../../../infra/local/host.js';
import { PortInUseError } from '../../../infra/local/ports.js';

it('says clearly when the port is taken, before starting any emulator', async () => {
  // Prepare
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dataDir = await mkdtemp(join(tmpdir(), 'port-test-'));

  // Act
  const started = startLocalHost({ port, dataDir, log: () => {} });

  // Assess
  await expect(started).rejects.toBeInstanceOf(PortInUseError);
  await expect(started).rejects.toThrow(`Port ${port} is already in use`);
  blocker.close();
  await rm(dataDir, { recursive: true, force: true });
});
