import type { Logger } from 'pino';
import type { ChartSettings } from '../../charts/types.js';
import { ConfigError } from '../../core/config.js';
import type { DigestConfig } from '../../core/digest/config.js';
import { MemoryStore } from '../../core/store/memoryStore.js';
import { defaultTimeZone as defaultTimeZoneOf, isValidTimeZone } from '../../core/time.js';
import type { CoreRuntime } from '../../runtime.js';
import { QUEUED_NOTICE_AFTER_MS, idSet, type SlackConfig } from '../../slack/config.js';
import { buildSlackDeps } from '../../slack/buildDeps.js';
import type { SlackDeps } from '../../slack/deps.js';
import type { Requester } from '../../slack/message.js';
import { ConsoleDigestPoster } from './digestPoster.js';

type Env = Record<string, string | undefined>;

/** The console's stand-ins for Slack's team and channel, in usage, history and digests. */
export const CONSOLE_TEAM = 'console';
export const CONSOLE_CHANNEL = 'console';

/**
 * The Slack settings the flows read, without Slack: no tokens, nobody locked out (the console user
 * is whoever runs it), replies in DEFAULT_TZ (Asia/Shanghai unless set), as in Slack.
 */
export function consoleSlackConfig(env: Env, demo: boolean): SlackConfig {
  const defaultTimeZone = defaultTimeZoneOf(env);
  if (!isValidTimeZone(defaultTimeZone)) throw new ConfigError([`DEFAULT_TZ "${defaultTimeZone}" is not an IANA time zone like Asia/Shanghai`]);
  return {
    botToken: '',
    signingSecret: '',
    port: 0,
    allowlist: {},
    adminUserIds: idSet(env.ADMIN_USER_IDS) ?? new Set(),
    defaultTimeZone,
    demo,
    queuedNoticeAfterMs: QUEUED_NOTICE_AFTER_MS,
  };
}

export function consoleRequester(env: Env, config: SlackConfig): Requester {
  return { teamId: CONSOLE_TEAM, userId: env.USER?.trim() || 'console', channelId: CONSOLE_CHANNEL, timeZone: config.defaultTimeZone };
}

export interface ConsoleDepsInput {
  runtime: CoreRuntime;
  config: SlackConfig;
  charts: ChartSettings;
  digest: DigestConfig;
  logger: Logger;
  /** Where digest posts are printed. */
  print: (text: string) => void;
}

export interface ConsoleDeps {
  deps: SlackDeps;
  close(): Promise<void>;
}

/**
 * SlackDeps assembled as app.ts does, with digests printed instead of posted. Digests live in a
 * store of their own for the session: saved in the app's store, the Slack app's scheduler would
 * find them and try to post to a "console" channel that does not exist.
 */
export function buildConsoleDeps(input: ConsoleDepsInput): ConsoleDeps {
  const digestStore = new MemoryStore();
  const { deps } = buildSlackDeps({
    config: input.config,
    data: input.runtime.client,
    prices: input.runtime.prices,
    store: input.runtime.store,
    digestStore,
    poster: new ConsoleDigestPoster(input.print, input.runtime.prices),
    digest: input.digest,
    charts: input.charts,
    logger: input.logger,
  });
  return { deps, close: () => digestStore.close() };
}
