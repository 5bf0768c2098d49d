import type { Logger } from 'pino';
import type { ChartSettings } from '../charts/quickChart.js';
import type { DataClient } from '../core/client/dataClient.js';
import type { DigestService } from '../core/digest/service.js';
import type { LookupHistory } from '../core/history.js';
import type { SlackConfig } from './config.js';
import type { UserTimeZones } from './userTimeZones.js';

/** What every listener and flow needs, built once in app.ts. */
export interface SlackDeps {
  data: DataClient;
  digests: DigestService;
  history: LookupHistory;
  config: SlackConfig;
  charts: ChartSettings;
  timeZones: UserTimeZones;
  logger: Logger;
  now: () => number;
}
