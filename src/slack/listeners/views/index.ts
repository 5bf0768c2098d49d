import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { VIEW } from '../../payloads/ids.js';
import { dataKeySubmission } from './dataKeySubmission.js';
import { digestAddSubmission } from './digestAddSubmission.js';
import { exportSubmission } from './exportSubmission.js';
import { searchSubmission } from './searchSubmission.js';
import { supplierListSubmission } from './supplierListSubmission.js';
import { watchAddSubmission } from './watchAddSubmission.js';
import { workspaceSettingsSubmission } from './workspaceSettingsSubmission.js';

export function registerViews(app: App, deps: SlackDeps): void {
  app.view(new RegExp(`^${VIEW.searchPrefix}`), searchSubmission(deps));
  app.view(VIEW.digestAdd, digestAddSubmission(deps));
  app.view(VIEW.exportCsv, exportSubmission(deps));
  app.view(VIEW.watchAdd, watchAddSubmission(deps));
  app.view(VIEW.supplierList, supplierListSubmission(deps));
  app.view(VIEW.dataKey, dataKeySubmission(deps));
  app.view(VIEW.workspaceSettings, workspaceSettingsSubmission(deps));
}
