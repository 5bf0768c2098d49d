import type { Logger } from 'pino';
import { chartFilePublisher } from '../../charts/chartFiles.js';
import { type ChartSettings, drawnLocally } from '../../charts/chartRenderer.js';
import type { AppConfig } from '../../config.js';
import type { DigestConfig } from '../../core/digest/types.js';
import { MemoryStore } from '../../core/store/memoryStore.js';
import { effectiveRules } from '../../core/workspaces/workspaceSettings.js';
import { chooseLocale, type Locale, langFor } from '../../i18n/lang.js';
import type { CoreRuntime } from '../../runtime.js';
import type { SlackDeps } from '../../slack/deps.js';
import type { ConsoleButton } from '../../slack/render/asText.js';
import type { Requester, RequesterProfile } from '../../slack/requester/requester.js';
import type { SlackConfig } from '../../slack/slackConfig.js';
import { buildSlackDeps } from '../../slack/wiring/buildDeps.js';
import { ConsoleDigestPoster } from './consoleDigestPoster.js';
import { ConsoleWatchPoster } from './consoleWatchPoster.js';

/** The console's stand-ins for Slack's team and channel, in usage, history and digests. */
export const CONSOLE_TEAM = 'console';
export const CONSOLE_CHANNEL = 'console';

type ConsoleConfig = Pick<AppConfig, 'user' | 'defaultTimeZone'> & {
  slack: Pick<AppConfig['slack'], 'workspaceLocale'>;
};

/** Whoever runs the console (USER); the allowlists are Slack's, so nothing is refused here. */
export function consoleRequester(config: ConsoleConfig, profile: RequesterProfile = consoleProfile(config)): Requester {
  return {
    teamId: CONSOLE_TEAM,
    userId: config.user ?? 'console',
    channelId: CONSOLE_CHANNEL,
    workspaceId: CONSOLE_TEAM,
    // Nobody is refused and nobody is an admin here: the console's person is no Slack admin.
    rules: effectiveRules(
      {
        allowlist: {},
        adminUserIds: new Set(),
        allowSharedChannels: false,
        ...(config.slack.workspaceLocale ? { locale: config.slack.workspaceLocale } : {}),
        budgets: {},
      },
      undefined,
    ),
    profile: async () => profile,
    refusalIn: async () => undefined,
  };
}

/** The zone replies are shown in when Slack cannot tell (DEFAULT_TZ), and the workspace's language (DEFAULT_LOCALE; English when unset). */
export function consoleProfile(config: ConsoleConfig): RequesterProfile {
  return {
    timeZone: config.defaultTimeZone,
    lang: langFor(chooseLocale({ workspace: config.slack.workspaceLocale })),
    // Whoever runs the console holds the data service's key: its admin, unless ADMIN_USER_IDS names others.
    slackAdmin: true,
  };
}

export interface ConsoleDepsInput {
  runtime: CoreRuntime;
  config: SlackConfig;
  charts: ChartSettings;
  digest: DigestConfig;
  logger: Logger;
  /** Where digest posts are printed. */
  print: (text: string) => void;
  /** The console's folder for files: the charts it draws go there too. */
  folder?: string;
  /** The buttons of a watch's printed post, made the ones a number presses. */
  offerButtons?: (buttons: ConsoleButton[], locale: Locale) => void;
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
    watchPoster: new ConsoleWatchPoster(input.print, input.offerButtons),
    digest: input.digest,
    charts: input.charts,
    ...(drawnLocally(input.charts) ? { publishChart: chartFilePublisher(input.folder) } : {}),
    logger: input.logger,
    clock: input.runtime.clock,
  });
  return { deps, close: () => digestStore.close() };
}
