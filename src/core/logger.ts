import { pino, type Logger } from 'pino';

/** Paths pino blanks out wherever they appear, so a key or token can never reach a log line. */
const REDACTED = [
  'apiKey', '*.apiKey', 'config.apiKey',
  'token', '*.token', 'botToken', '*.botToken', 'appToken', '*.appToken', 'signingSecret', '*.signingSecret',
  'headers["x-api-key"]', '*.headers["x-api-key"]', 'headers.authorization', '*.headers.authorization',
];

export function createLogger(options: { level?: string; name?: string; destination?: 1 | 2 } = {}): Logger {
  return pino(
    { level: options.level ?? 'info', name: options.name ?? 'dq', redact: { paths: REDACTED, censor: '[redacted]' } },
    pino.destination({ fd: options.destination ?? 1, sync: true }),
  );
}
