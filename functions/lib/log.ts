import { Logger } from '@aws-lambda-powertools/logger';
import { config } from './config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const LEVELS = new Set(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']);

let logger: Logger | undefined;

/** `LOG_LEVEL` as Powertools names it; anything unknown logs at INFO. */
function levelName(): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' {
  const wanted = config.logLevel.toUpperCase();
  return (LEVELS.has(wanted) ? wanted : 'INFO') as 'INFO';
}

/**
 * The functions' one logger (Powertools for AWS Lambda): one JSON line per event with
 * level, message, timestamp and service, so CloudWatch Logs Insights can query fields.
 * The level follows LOG_LEVEL at every call (tests switch it; `silent` prints nothing).
 */
export function appLogger(): Logger {
  logger ??= new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'formation-tracks' });
  const level = levelName();
  if (logger.getLevelName() !== level) logger.setLogLevel(level);
  return logger;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  appLogger()[level](message, fields);
}
