/**
 * Kills child processes (the DynamoDB Local JVM) on every way out of the Node process, because a
 * JVM left behind keeps its port and its database files.
 */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';

const children = new Set<ChildProcess>();
let installed = false;

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  // When someone else listens (the local host's graceful shutdown), they own the exit; the
  // 'exit' hook still kills the child when they are done.
  if (process.listenerCount(signal) > 1) return;
  killAll();
  process.exit(128 + constants.signals[signal]);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // The monitor observes an uncaught error without changing Node's crash behaviour.
  process.on('uncaughtExceptionMonitor', killIfCrashing);
}

/**
 * An uncaught error ends the process only when nobody handles 'uncaughtException'. A test runner
 * does handle it and goes on, so killing then would leave the rest of the run without a database.
 */
function killIfCrashing(): void {
  if (process.listenerCount('uncaughtException') === 0) killAll();
}

/** Registers a child to be killed when this process exits; returns the unregister function. */
export function guardChild(child: ChildProcess): () => void {
  install();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return () => children.delete(child);
}
