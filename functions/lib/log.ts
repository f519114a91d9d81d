import { config } from './config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON line per event, so CloudWatch Logs Insights can query fields. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const threshold = ORDER[(config.logLevel as Level | 'silent') in ORDER ? (config.logLevel as Level | 'silent') : 'info'];
  if (ORDER[level] < threshold) return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
