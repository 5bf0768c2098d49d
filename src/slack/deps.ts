import type { Logger } from 'pino';
import type { ChartPublisher, ChartSettings, RenderPlan } from '../charts/chartRenderer.js';
import type { SupplierChecks } from '../core/batch/supplierChecks.js';
import type { DataClient } from '../core/client/dataClient.js';
import type { DigestService } from '../core/digest/digestService.js';
import type { ExportJobs } from '../core/export/exportJobs.js';
import type { LookupHistory } from '../core/history.js';
import type { LatestResults } from '../core/latestResults.js';
import type { Budgets } from '../core/ledger/budgets.js';
import type { Ledger } from '../core/ledger/ledger.js';
import type { Prices } from '../core/operations/prices.js';
import type { StoreGuard } from '../core/store/storeGuard.js';
import type { UserSettings } from '../core/userSettings.js';
import type { WatchService } from '../core/watch/watchService.js';
import type { WorkspaceKeys } from '../core/workspaces/workspaceKeys.js';
import type { WorkspacePurge } from '../core/workspaces/workspacePurge.js';
import type { OperatorRules, WorkspaceRules, WorkspaceSettings } from '../core/workspaces/workspaceSettings.js';
import type { AppInstall } from './calls/appInstall.js';
import type { SharedChannels } from './calls/sharedChannels.js';
import type { SlackCalls } from './calls/slackCalls.js';
import type { UserProfiles } from './calls/userProfiles.js';
import type { WorkspaceInstalls } from './calls/workspaceInstalls.js';
import type { RenderedAnswers } from './render/renderedAnswers.js';
import type { SlackConfig } from './slackConfig.js';

/** Draws a chart the app draws itself into PNG bytes; rejects when it cannot. */
export type ChartFileDrawer = (plan: RenderPlan) => Promise<Buffer>;

/** What every listener and flow needs, built once in app.ts. */
export interface SlackDeps {
  data: DataClient;
  prices: Prices;
  /** What the client wrote as it charged; usage and the Home tab read them here. */
  ledger: Ledger;
  budgets: Budgets;
  digests: DigestService;
  /** Watches on a company, a fund or a contract (core/watch). */
  watches: WatchService;
  /** CSV exports running now, so a second export of the same query joins the first. */
  exports: ExportJobs;
  /** Checks of whole supplier lists, one per person, resumed after a restart. */
  supplierChecks: SupplierChecks;
  history: LookupHistory;
  /** Each conversation's latest result (a thread, a direct message), for its follow-ups. */
  latestResults: LatestResults;
  config: SlackConfig;
  charts: ChartSettings;
  /** With CHART_RENDERER=local: draws a chart and gives the address the app serves it at. */
  publishChart?: ChartPublisher;
  /** With CHART_RENDERER=native and CHART_THREAD_FILES on: draws a chart's PNG, for a file in a thread. */
  drawChartFile?: ChartFileDrawer;
  profiles: UserProfiles;
  /** Each person's own choices (their language). */
  settings: UserSettings;
  /** Each workspace's own settings, changed by its admins on App Home. */
  workspaceSettings: WorkspaceSettings;
  /** The environment's rules: each workspace's defaults and ceilings. */
  operatorRules: OperatorRules;
  /**
   * The rules that apply in a workspace (its settings within the operator's): the one place every
   * check reads them from; whoIsAsking puts them in the requester, the digest and watch runners ask here.
   */
  rulesFor(teamId: string): Promise<WorkspaceRules>;
  logger: Logger;
  /** Replies already rendered, reused while a result is read again from cache. */
  renderedAnswers: RenderedAnswers;
  now: () => number;
  /** The configured secrets removed from a text; every reply passes through it on its way out. */
  redact: (text: string) => string;
  /** Says when the store lost its data (absent where nothing watches it); admins reopen spending through it. */
  storeGuard?: StoreGuard;
  /** The one Slack call policy, for the calls that do not go through a WebClient (response_url posts). */
  slackCalls?: SlackCalls;
  /** The app's install: who it is installed as, and whether Slack still takes its token. */
  install?: AppInstall;
  /** With Add to Slack: the installations, which an uninstall or a revoked token removes. */
  workspaces?: WorkspaceInstalls;
  /** With Add to Slack: deletes what an uninstalled workspace left in every store. */
  purge?: WorkspacePurge;
  /** Which channels are shared with another organisation (Slack Connect); absent in the console. */
  sharedChannels?: SharedChannels;
  /** Each workspace's own data-service key, sealed under SECRETS_KEY; absent without it (none can be entered). */
  workspaceKeys?: WorkspaceKeys;
}
