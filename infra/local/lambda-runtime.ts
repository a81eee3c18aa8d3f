/**
 * How the local host finds and invokes handler modules the way Lambda would: one module per
 * function, its exported `handler(event, context)`, a Context with the function's time limit.
 */
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { LOCAL_REGION } from './dynamodb-local.js';

/** Folders under functions/ that hold invokable modules. */
export type ModuleKind = 'api' | 'ws' | 'workers' | 'services';

/** Maps a module to its file; tests swap in fixtures, the default is `functions/<kind>/<name>.ts`. */
export type ResolveModule = (kind: ModuleKind, name: string) => string;

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const resolveProductModule: ResolveModule = (kind, name) => join(REPO_ROOT, 'functions', kind, `${name}.ts`);

export type LambdaHandler<TEvent, TResult> = (event: TEvent, context: Context) => Promise<TResult> | TResult;

export class MissingModuleError extends Error {
  constructor(readonly file: string) {
    super(`Module ${file} does not exist yet`);
    this.name = 'MissingModuleError';
  }
}

/**
 * Loaded exports by file and name. ESM caches modules too, but every import() still goes through
 * the loader hooks (a message to tsx's loader thread) and the existence check: a warm Lambda
 * does neither per invocation.
 */
const loadedExports = new Map<string, unknown>();

/** Imports a module once and answers one named export, checked to exist. */
export async function loadExport<T>(file: string, exportName: string, isExpected: (value: unknown) => value is T): Promise<T> {
  const cacheKey = `${file}#${exportName}`;
  const cached = loadedExports.get(cacheKey);
  if (isExpected(cached)) return cached;
  try {
    await access(file);
  } catch {
    throw new MissingModuleError(file);
  }
  const module: Record<string, unknown> = await import(pathToFileURL(file).href);
  const value = module[exportName];
  if (!isExpected(value)) throw new Error(`${file} does not export a ${exportName} function`);
  loadedExports.set(cacheKey, value);
  return value;
}

export function isFunction<T>(value: unknown): value is T {
  return typeof value === 'function';
}

/** Loads `handler` from a module resolved by kind and name. */
export function loadHandler<TEvent, TResult>(
  resolveModule: ResolveModule,
  kind: ModuleKind,
  name: string,
): Promise<LambdaHandler<TEvent, TResult>> {
  return loadExport(resolveModule(kind, name), 'handler', isFunction<LambdaHandler<TEvent, TResult>>);
}

/** A Lambda Context for one invocation of `functionName` with `timeoutMs` to run. */
export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const unsupported = (): never => {
    throw new Error('Callback-style context methods are not supported; return a promise.');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
