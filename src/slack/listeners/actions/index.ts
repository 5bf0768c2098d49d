import type { AllMiddlewareArgs, App, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { ACTION } from '../../payloads/ids.js';
import { budgetsReopenButton } from './budgetsReopen.js';
import { digestAddButton } from './digestAdd.js';
import { digestRemoveButton } from './digestRemove.js';
import { digestRunButton } from './digestRun.js';
import { exportCsvButton } from './exportCsv.js';
import { homePageButton } from './homePage.js';
import { listPageButton } from './listPage.js';
import { openModalButton } from './openModal.js';
import { resultButton } from './resultButton.js';
import { usageCsvButton } from './usageCsv.js';
import { watchSaveButton } from './watchSave.js';
import { watchStopButton } from './watchStop.js';
import { watchFormButton } from './watchThis.js';

type ButtonListener = (args: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs) => Promise<void>;

/**
 * One Bolt listener for every button, dispatching on the action id: Bolt runs the middleware chain
 * of every registered listener for every request it gets (a slash command too), so fourteen
 * listeners cost fourteen chains on each command, where one costs one.
 */
export function register(app: App, deps: SlackDeps): void {
  const onResultButton = resultButton(deps);
  const onWatchSave = watchSaveButton(deps);
  const onWatchForm = watchFormButton(deps);
  const onListPage = listPageButton(deps);
  const onHomePage = homePageButton(deps);
  const buttons = new Map<string, ButtonListener>([
    [ACTION.pagePrevious, onResultButton],
    [ACTION.pageNext, onResultButton],
    [ACTION.share, onResultButton],
    [ACTION.retry, onResultButton],
    [ACTION.openModal, openModalButton(deps)],
    [ACTION.digestAdd, digestAddButton(deps)],
    [ACTION.digestRemove, digestRemoveButton(deps)],
    [ACTION.digestRun, digestRunButton(deps)],
    [ACTION.exportCsv, exportCsvButton(deps)],
    [ACTION.watchSave, onWatchSave],
    [ACTION.watchCancel, onWatchSave],
    [ACTION.watchStop, watchStopButton(deps)],
    [ACTION.watchThis, onWatchForm],
    [ACTION.watchAdd, onWatchForm],
    [ACTION.listPrevious, onListPage],
    [ACTION.listNext, onListPage],
    [ACTION.homePrevious, onHomePage],
    [ACTION.homeNext, onHomePage],
    [ACTION.budgetsReopen, budgetsReopenButton(deps)],
    [ACTION.usageCsv, usageCsvButton(deps)],
  ]);
  const ids = new RegExp(`^(?:${[...buttons.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
  app.action<BlockButtonAction>(ids, (args) => buttons.get(args.action.action_id)!(args));
}
