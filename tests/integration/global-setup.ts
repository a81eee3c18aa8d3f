/**
 * Integration globalSetup: one DynamoDB Local JVM (~490 MB) and one fauxqs per test run, shared by
 * all files; each file takes its own table with useTestTable().
 */
import type { TestProject } from 'vitest/node';
import { startEmulators } from '../helpers/emulators.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulators = await startEmulators();
  project.provide('emulatorEnv', emulators.env);
  return () => emulators.stop();
}
