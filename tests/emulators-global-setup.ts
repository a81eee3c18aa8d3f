/**
 * globalSetup of the integration and e2e projects: one DynamoDB Local JVM (~490 MB) and one fauxqs
 * per test run, shared by all files. An integration file takes its own table with useTestTable();
 * a test host (tests/helpers/local-host.ts) takes its own table on the shared DynamoDB Local
 * instead of starting a JVM of its own (about 3.5 s per host).
 */
import type { TestProject } from 'vitest/node';
import { startEmulators } from './helpers/emulators.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulators = await startEmulators();
  project.provide('emulatorEnv', emulators.env);
  return () => emulators.stop();
}
