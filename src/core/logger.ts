import { type Logger, pino } from 'pino';
import type { Redactor } from './secrets.js';

/** Paths pino blanks out wherever they appear, so a key or token can never reach a log line. */
const REDACTED = [
  'apiKey',
  '*.apiKey',
  'config.apiKey',
  'token',
  '*.token',
  'botToken',
  '*.botToken',
  'appToken',
  '*.appToken',
  'signingSecret',
  '*.signingSecret',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'headers.authorization',
  '*.headers.authorization',
];

/**
 * A JSON logger. The paths above blank secrets kept in named fields; `redactor` then searches every
 * finished line for the configured secrets, so one quoted inside a message (an error text the data
 * service wrote) is removed too.
 */
export function createLogger(
  options: { level?: string; name?: string; destination?: 1 | 2; redactor?: Redactor } = {},
): Logger {
  const { redactor } = options;
  return pino(
    {
      level: options.level ?? 'info',
      name: options.name ?? 'dq',
      redact: { paths: REDACTED, censor: '[redacted]' },
      ...(redactor ? { hooks: { streamWrite: (line: string) => redactor.redact(line) } } : {}),
    },
    pino.destination({ fd: options.destination ?? 1, sync: true }),
  );
}
