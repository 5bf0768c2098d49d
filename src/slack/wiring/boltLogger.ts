import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from 'pino';

/** Bolt's own log lines go through pino as JSON, like everything else. */
export function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'bolt' });
  let level = LogLevel.INFO;
  const text = (parts: unknown[]) =>
    parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p))).join(' ');
  return {
    debug: (...parts) => child.debug(text(parts)),
    info: (...parts) => child.info(text(parts)),
    warn: (...parts) => child.warn(text(parts)),
    error: (...parts) => child.error(text(parts)),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
