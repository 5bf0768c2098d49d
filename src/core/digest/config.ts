import { ConfigError } from '../config.js';
import { parseDuration } from '../duration.js';
import { isValidTimeZone } from '../time.js';

export interface DigestConfig {
  /** Zone of a digest added without tz:. */
  timeZone: string;
  postEmpty: boolean;
  catchUpMs: number;
}

export function loadDigestConfig(env: Record<string, string | undefined>): DigestConfig {
  const problems: string[] = [];
  const timeZone = env.DIGEST_TZ?.trim() || 'Asia/Shanghai';
  if (!isValidTimeZone(timeZone)) problems.push(`DIGEST_TZ "${timeZone}" is not an IANA time zone like Asia/Shanghai`);
  const catchUpText = env.DIGEST_CATCHUP?.trim() || '1h';
  const catchUpMs = parseDuration(catchUpText);
  if (catchUpMs === undefined) problems.push(`DIGEST_CATCHUP "${catchUpText}" is not a duration like 1h or 30m`);
  const emptyText = (env.DIGEST_POST_EMPTY ?? '').trim().toLowerCase();
  if (emptyText && !['true', 'false', '1', '0', 'yes', 'no'].includes(emptyText)) problems.push(`DIGEST_POST_EMPTY "${emptyText}" should be true or false`);
  if (problems.length > 0) throw new ConfigError(problems);
  return { timeZone, postEmpty: ['true', '1', 'yes'].includes(emptyText), catchUpMs: catchUpMs! };
}
