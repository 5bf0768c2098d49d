import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { ChartPublisher, ChartSettings } from '../../charts/chartRenderer.js';
import { SupplierChecks } from '../../core/batch/supplierChecks.js';
import type { DataClient } from '../../core/client/dataClient.js';
import { type Clock, systemClock } from '../../core/clock.js';
import { DigestRepository } from '../../core/digest/digestRepository.js';
import { DigestRunner } from '../../core/digest/digestRunner.js';
import { DigestService } from '../../core/digest/digestService.js';
import type { Digest, DigestConfig, DigestPoster, DigestRunRecord } from '../../core/digest/types.js';
import { ExportJobs } from '../../core/export/exportJobs.js';
import { LookupHistory } from '../../core/history.js';
import type { InstallationStore } from '../../core/installations/types.js';
import { EntryCaps } from '../../core/jobs/caps.js';
import { JobScheduler } from '../../core/jobs/jobScheduler.js';
import type { AppStatus } from '../../core/jobs/types.js';
import { LatestResults } from '../../core/latestResults.js';
import type { Prices } from '../../core/operations/prices.js';
import { Redactor } from '../../core/secrets.js';
import type { StoreGuard } from '../../core/store/storeGuard.js';
import type { Store } from '../../core/store/types.js';
import { UserSettings } from '../../core/userSettings.js';
import type { Watch, WatchPoster, WatchRunRecord } from '../../core/watch/types.js';
import { WatchRepository } from '../../core/watch/watchRepository.js';
import { WatchRunner } from '../../core/watch/watchRunner.js';
import { WatchService } from '../../core/watch/watchService.js';
import type { WorkspaceKeys } from '../../core/workspaces/workspaceKeys.js';
import { purgeParts, WorkspacePurge } from '../../core/workspaces/workspacePurge.js';
import { type OperatorRules, WorkspaceSettings } from '../../core/workspaces/workspaceSettings.js';
import type { AppInstall } from '../calls/appInstall.js';
import type { SharedChannels } from '../calls/sharedChannels.js';
import type { SlackCalls } from '../calls/slackCalls.js';
import { UserProfiles } from '../calls/userProfiles.js';
import type { TeamClients, WorkspaceInstalls } from '../calls/workspaceInstalls.js';
import type { ChartFileDrawer, SlackDeps } from '../deps.js';
import { RenderedAnswers } from '../render/renderedAnswers.js';
import { channelRefusal, refusal } from '../requester/access.js';
import type { SlackConfig } from '../slackConfig.js';

export interface DepsInput {
  config: SlackConfig;
  data: DataClient;
  /** What each operation costs here; the same value the client charges by. */
  prices: Prices;
  /** Where lookup history lives. */
  store: Store;
  /** Where digests live and their runs are claimed (the same store, except in the console). */
  digestStore?: Store;
  /** Says when the store lost its data; the admins are told on the Home and may reopen spending there. */
  storeGuard?: StoreGuard;
  poster: DigestPoster;
  /** Where watches post their changes (Slack: the watch's channel). */
  watchPoster: WatchPoster;
  digest: DigestConfig;
  charts: ChartSettings;
  publishChart?: ChartPublisher;
  drawChartFile?: ChartFileDrawer;
  logger: Logger;
  /** Time for everything the app schedules, stamps and shows; tests pin it to a fixed date. */
  clock?: Clock;
  onDigestRun?: (record: DigestRunRecord) => void;
  onWatchRun?: (record: WatchRunRecord) => void;
  /** Removes the configured secrets from replies; by default the Slack ones in the configuration. */
  redactor?: Redactor;
  /** The one Slack call policy (response_url posts go through it too); absent in the console. */
  slackCalls?: SlackCalls;
  /** Whether Slack takes the app's token; scheduled jobs hold while it does not. Absent in the console. */
  install?: AppInstall;
  /** Which channels are shared with another organisation, asked with each workspace's client; absent in the console. */
  sharedChannels?: SharedChannels;
  teamClients?: TeamClients;
  /** Whether a workspace's jobs may post: `install` with one workspace, each installation's with many. */
  jobsHold?: AppStatus;
  /** With Add to Slack: each workspace's installation, removed by an uninstall. */
  workspaces?: WorkspaceInstalls;
  /** With Add to Slack: where installations are kept; an uninstall purges what a workspace left. */
  installations?: InstallationStore;
  /** Each workspace's own data-service key (the one the data client asks); absent without SECRETS_KEY. */
  workspaceKeys?: WorkspaceKeys;
  /** Each workspace's settings; the same the data client's budgets read (runtime.ts), else one on `store`. */
  workspaceSettings?: WorkspaceSettings;
}

/** Everything the flows need, assembled once for the Slack app (and the console, which posts nowhere). */
export function buildSlackDeps(input: DepsInput): {
  deps: SlackDeps;
  scheduler: JobScheduler<Digest>;
  watchScheduler: JobScheduler<Watch>;
} {
  const { config, logger } = input;
  const clock = input.clock ?? systemClock;
  const redactor = input.redactor ?? new Redactor([config.botToken, config.signingSecret, config.appToken]);
  const digestStore = input.digestStore ?? input.store;
  // The allowlists as they are now, before every scheduled or manual run: a list tightened after a
  // digest or watch was saved stops it (paused, with why) before anything is claimed or spent; so
  // does its channel having been shared with another organisation since (unless ALLOW_SHARED_CHANNELS).
  const { sharedChannels, teamClients } = input;
  const workspaceSettings = input.workspaceSettings ?? new WorkspaceSettings(input.store, clock);
  const operatorRules: OperatorRules = {
    allowlist: config.allowlist,
    adminUserIds: config.adminUserIds,
    allowSharedChannels: config.allowSharedChannels,
    ...(config.workspaceLocale ? { locale: config.workspaceLocale } : {}),
    budgets: input.data.budgets.ceilings,
  };
  const rulesFor = (teamId: string) => workspaceSettings.rulesFor(teamId, operatorRules);
  const refusedBy = async (where: { teamId: string; channelId: string; userId: string }) => {
    const rules = await rulesFor(where.teamId);
    return (
      refusal(rules.allowlist, where) ??
      (sharedChannels && teamClients
        ? await channelRefusal({ sharedChannels }, rules, await teamClients.forTeam(where.teamId), where.channelId)
        : undefined)
    );
  };
  const localeFor = async (teamId: string) => (await rulesFor(teamId)).locale;
  const jobsHold = input.jobsHold ?? input.install;
  const repository = new DigestRepository(digestStore);
  const runner = new DigestRunner({
    repository,
    data: input.data,
    store: digestStore,
    poster: input.poster,
    clock,
    logger,
    postEmpty: input.digest.postEmpty,
    simulated: config.demo,
    localeFor,
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    ...(input.onDigestRun ? { onRun: input.onDigestRun } : {}),
    refusal: refusedBy,
    ...(jobsHold ? { app: jobsHold } : {}),
  });
  const scheduler = new JobScheduler<Digest>({
    repository,
    runner,
    clock,
    logger,
    catchUpMs: input.digest.catchUpMs,
    kind: 'digest',
  });
  // Watches run on the same job engine (core/jobs) as digests, in the same store: exactly once across replicas, catch-up once.
  const watchRepository = new WatchRepository(digestStore);
  const watchRunner = new WatchRunner({
    repository: watchRepository,
    data: input.data,
    store: digestStore,
    poster: input.watchPoster,
    clock,
    logger,
    simulated: config.demo,
    localeFor,
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    ...(input.onWatchRun ? { onRun: input.onWatchRun } : {}),
    refusal: refusedBy,
    ...(jobsHold ? { app: jobsHold } : {}),
  });
  const watchScheduler = new JobScheduler<Watch>({
    repository: watchRepository,
    runner: watchRunner,
    clock,
    logger,
    catchUpMs: input.digest.catchUpMs,
    kind: 'watch',
  });
  const exports = new ExportJobs(input.store, logger);
  const supplierChecks = new SupplierChecks({
    client: input.data,
    store: input.store,
    prices: input.prices,
    clock,
    logger,
  });
  const history = new LookupHistory(input.store);
  const latestResults = new LatestResults(input.store);
  const settings = new UserSettings(input.store);
  // Only with Add to Slack: one operator's own workspace keeps its data when Slack stops taking the
  // token (its jobs hold), so a reinstall finds it again (docs/privacy.md).
  const purge =
    input.workspaces && input.installations
      ? new WorkspacePurge(
          purgeParts({
            userSettings: settings,
            workspaceSettings,
            workspaceKeys: input.workspaceKeys,
            digests: repository,
            watches: watchRepository,
            history,
            latestResults,
            seenNames: input.data.names,
            supplierChecks,
            exports,
            budgets: input.data.budgets,
            installations: input.installations,
            ledger: input.data.ledger,
          }),
          logger,
        )
      : undefined;
  const deps: SlackDeps = {
    data: input.data,
    prices: input.prices,
    ledger: input.data.ledger,
    budgets: input.data.budgets,
    digests: new DigestService(
      repository,
      runner,
      clock,
      input.digest.timeZone,
      new EntryCaps('digest', input.digest.caps.digests, digestStore, clock),
    ),
    watches: new WatchService(
      watchRepository,
      watchRunner,
      clock,
      input.prices,
      input.digest.timeZone,
      new EntryCaps('watch', input.digest.caps.watches, digestStore, clock),
    ),
    exports,
    supplierChecks,
    history,
    latestResults,
    config,
    charts: input.charts,
    ...(input.publishChart ? { publishChart: input.publishChart } : {}),
    ...(input.drawChartFile ? { drawChartFile: input.drawChartFile } : {}),
    profiles: new UserProfiles(config.defaultTimeZone, clock, logger),
    settings,
    workspaceSettings,
    operatorRules,
    rulesFor,
    logger,
    renderedAnswers: new RenderedAnswers(),
    now: () => clock.now(),
    redact: (text) => redactor.redact(text),
    ...(input.storeGuard ? { storeGuard: input.storeGuard } : {}),
    ...(input.slackCalls ? { slackCalls: input.slackCalls } : {}),
    ...(input.install ? { install: input.install } : {}),
    ...(input.workspaces ? { workspaces: input.workspaces } : {}),
    ...(purge ? { purge } : {}),
    ...(sharedChannels ? { sharedChannels } : {}),
    ...(input.workspaceKeys ? { workspaceKeys: input.workspaceKeys } : {}),
  };
  return { deps, scheduler, watchScheduler };
}
