import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { AppStatus } from '../../core/jobs/types.js';
import type { Store } from '../../core/store/types.js';
import type { Phrase } from '../../i18n/lang.js';
import { slackErrorCode } from './slackCallPolicy.js';

/** How often, while stopped, the app asks Slack (auth.test, free) whether it takes the token again. */
const PROBE_EVERY_MS = 5 * 60_000;

interface Stopped {
  code: string;
  since: number;
}

/** Who the app is installed as: its workspace and, on Enterprise Grid, its organisation (auth.test). */
export interface InstalledAs {
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
}

/**
 * The app's install as the scheduled jobs see it. An uninstall (app_uninstalled), a revoked bot
 * token (tokens_revoked, https://docs.slack.dev/reference/events/tokens_revoked) or a post Slack
 * refuses with token_revoked, invalid_auth, account_inactive … stops every digest and watch before it
 * spends: kept in the store, so every replica stops. While stopped, the check before each run asks
 * Slack now and then whether the token works again (a reinstall, a restart with a new token; auth.test
 * at start does too); then the jobs run again and each one's next post says since when it was held.
 */
export class AppInstall implements AppStatus {
  installedAs: InstalledAs = {};
  private lastProbe = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: Store,
    private readonly client: WebClient,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  async stopped(): Promise<{ reason: Phrase; since: number } | undefined> {
    const stopped = await this.store.getDoc<Stopped>('app', 'stopped');
    if (!stopped) return undefined;
    if (this.clock.now() - this.lastProbe >= PROBE_EVERY_MS && (await this.tokenWorks())) {
      await this.resume();
      return undefined;
    }
    return { reason: { key: 'digests.run.appStopped', values: { code: stopped.code } }, since: stopped.since };
  }

  async stop(code: string): Promise<void> {
    const already = await this.store.getDoc<Stopped>('app', 'stopped');
    if (already) return;
    await this.store.putDoc('app', 'stopped', { code, since: this.clock.now() } satisfies Stopped);
    // Slack just refused the token: no need to ask again before the next probe is due.
    this.lastProbe = this.clock.now();
    this.logger?.error(
      { code },
      'Slack no longer takes the app’s token: every digest and watch holds, spending nothing, until it does',
    );
  }

  /** Slack takes the token (auth.test answered): the jobs may run again. */
  async resume(): Promise<void> {
    if (await this.store.deleteDoc('app', 'stopped'))
      this.logger?.info('Slack takes the app’s token again: digests and watches run again');
  }

  private async tokenWorks(): Promise<boolean> {
    this.lastProbe = this.clock.now();
    try {
      await this.client.auth.test();
      return true;
    } catch (error) {
      this.logger?.info({ code: slackErrorCode(error) }, 'Slack still refuses the app’s token');
      return false;
    }
  }
}
