/**
 * The one logger of every function: Powertools' structured JSON lines (level from
 * POWERTOOLS_LOG_LEVEL, set per environment by the CDK config construct and the local host), each
 * carrying the ids of the API request, SQS message or WebSocket event being handled. With
 * LOG_FORMAT=readable (the local host and tests) a line is written for a person at a terminal.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { inspect } from 'node:util';
import { Logger, LogLevelThreshold, type LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';

/** Ids that tie a line to what caused it: the API request or SQS message, and a WebSocket connection. */
export type CorrelationIds = { correlation_id: string; connection_id?: string };

const SERVICE_NAME = 'campaign-platform';

/** Keys the readable line leads with, or that are the same on every line. */
const READABLE_LEAD_KEYS = new Set(['level', 'message', 'timestamp', 'service', 'sampling_rate']);

// Per async call chain, not Logger keys: batch records run concurrently, and the local host runs many invocations in one process.
const invocationIds = new AsyncLocalStorage<CorrelationIds>();

/** Runs `work` so that every line it logs, however deep, carries `ids`; concurrent work keeps its own. */
export function withCorrelationIds<T>(ids: CorrelationIds, work: () => T): T {
  return invocationIds.run(ids, work);
}

/** `18:43:12.123 WARN  message key=value`, then the stack of each error, indented. */
function readableLine(attributes: LogAttributes): string {
  const time = new Date(String(attributes.timestamp));
  const clock = `${time.toTimeString().slice(0, 8)}.${String(time.getMilliseconds()).padStart(3, '0')}`;
  const fields: string[] = [];
  const stacks: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (READABLE_LEAD_KEYS.has(key)) continue;
    if (value instanceof Error) stacks.push((value.stack ?? `${value.name}: ${value.message}`).replace(/^/gm, '    '));
    else fields.push(`${key}=${typeof value === 'string' ? value : inspect(value, { breakLength: Infinity, depth: 4 })}`);
  }
  const head = [clock, String(attributes.level).padEnd(5), String(attributes.message), ...fields].join(' ');
  return [head, ...stacks].join('\n');
}

class ProductLogger extends Logger {
  protected override createAndPopulateLogItem(logLevel: number, input: LogItemMessage, extraInput: LogItemExtraInput): LogItem {
    const ids = invocationIds.getStore();
    if (!ids) return super.createAndPopulateLogItem(logLevel, input, extraInput);
    // The ids go in as keys of the message object, so they lead the line's own keys.
    const message = typeof input === 'string' ? { message: input } : input;
    return super.createAndPopulateLogItem(logLevel, { ...ids, ...message }, extraInput);
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    // Read per line: the local host sets the variable after some modules have loaded.
    if (process.env.LOG_FORMAT !== 'readable') return super.printLog(logLevel, log);
    log.prepareForPrint();
    const line = readableLine(log.getAttributes());
    if (logLevel >= LogLevelThreshold.ERROR) console.error(line);
    else if (logLevel >= LogLevelThreshold.WARN) console.warn(line);
    else console.log(line);
  }
}

export const logger: Logger = new ProductLogger({ serviceName: SERVICE_NAME });
