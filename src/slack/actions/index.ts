import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { ACTION } from '../ids.js';
import { digestAddButton } from './digestAdd.js';
import { digestRemoveButton } from './digestRemove.js';
import { digestRunButton } from './digestRun.js';
import { exportCsvButton } from './exportCsv.js';
import { openModalButton } from './openModal.js';
import { resultButton } from './resultButton.js';
import { watchSaveButton } from './watchSave.js';
import { watchStopButton } from './watchStop.js';
import { watchFormButton } from './watchThis.js';

export function register(app: App, deps: SlackDeps): void {
  const onResultButton = resultButton(deps);
  app.action(ACTION.pagePrevious, onResultButton);
  app.action(ACTION.pageNext, onResultButton);
  app.action(ACTION.share, onResultButton);
  app.action(ACTION.retry, onResultButton);
  app.action(ACTION.openModal, openModalButton(deps));
  app.action(ACTION.digestAdd, digestAddButton(deps));
  app.action(ACTION.digestRemove, digestRemoveButton(deps));
  app.action(ACTION.digestRun, digestRunButton(deps));
  app.action(ACTION.exportCsv, exportCsvButton(deps));
  const onWatchSave = watchSaveButton(deps);
  app.action(ACTION.watchSave, onWatchSave);
  app.action(ACTION.watchCancel, onWatchSave);
  app.action(ACTION.watchStop, watchStopButton(deps));
  const onWatchForm = watchFormButton(deps);
  app.action(ACTION.watchThis, onWatchForm);
  app.action(ACTION.watchAdd, onWatchForm);
}
