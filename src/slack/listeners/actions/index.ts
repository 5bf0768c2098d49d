import type { AllMiddlewareArgs, App, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { ACTION, actionOf } from '../../payloads/ids.js';
import { budgetsReopenButton } from './budgetsReopenButton.js';
import { chooseButton } from './chooseButton.js';
import { dataKeyEditButton } from './dataKeyEditButton.js';
import { dataKeyRemoveButton } from './dataKeyRemoveButton.js';
import { digestAddButton } from './digestAddButton.js';
import { digestRemoveButton } from './digestRemoveButton.js';
import { digestRunButton } from './digestRunButton.js';
import { digestSaveButton } from './digestSaveButton.js';
import { exportCsvButton } from './exportCsvButton.js';
import { homePageButton } from './homePageButton.js';
import { listPageButton } from './listPageButton.js';
import { openModalButton } from './openModalButton.js';
import { resultButton } from './resultButton.js';
import { supplierCheckButton } from './supplierCheckButton.js';
import { usageCsvPressed } from './usageCsvPressed.js';
import { watchFormButton } from './watchFormButton.js';
import { watchSaveButton } from './watchSaveButton.js';
import { watchStopButton } from './watchStopButton.js';
import { workspaceSettingsButton } from './workspaceSettingsButton.js';

type ButtonListener = (args: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs) => Promise<void>;

/**
 * One Bolt listener for every button, dispatching on the action id: Bolt runs the middleware chain
 * of every registered listener for every request it gets (a slash command too), so fourteen
 * listeners cost fourteen chains on each command, where one costs one.
 */
export function registerActions(app: App, deps: SlackDeps): void {
  const onResultButton = resultButton(deps);
  const onWatchSave = watchSaveButton(deps);
  const onWatchForm = watchFormButton(deps);
  const onListPage = listPageButton(deps);
  const onHomePage = homePageButton(deps);
  const onSupplierCheck = supplierCheckButton(deps);
  const onDigestSave = digestSaveButton(deps);
  const buttons = new Map<string, ButtonListener>([
    [ACTION.pagePrevious, onResultButton],
    [ACTION.pageNext, onResultButton],
    [ACTION.share, onResultButton],
    [ACTION.retry, onResultButton],
    [ACTION.openModal, openModalButton(deps)],
    [ACTION.digestAdd, digestAddButton(deps)],
    [ACTION.digestRemove, digestRemoveButton(deps)],
    [ACTION.digestRun, digestRunButton(deps)],
    [ACTION.digestSave, onDigestSave],
    [ACTION.digestCancel, onDigestSave],
    [ACTION.exportCsv, exportCsvButton(deps)],
    [ACTION.supplierCheckStart, onSupplierCheck],
    [ACTION.supplierCheckCancel, onSupplierCheck],
    [ACTION.supplierCheckStop, onSupplierCheck],
    [ACTION.supplierWatchAll, onSupplierCheck],
    [ACTION.supplierWatchAllAdd, onSupplierCheck],
    [ACTION.supplierWatchAllCancel, onSupplierCheck],
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
    [ACTION.dataKeyEdit, dataKeyEditButton(deps)],
    [ACTION.dataKeyRemove, dataKeyRemoveButton(deps)],
    [ACTION.usageCsv, usageCsvPressed(deps)],
    [ACTION.choose, chooseButton(deps)],
    [ACTION.workspaceSettings, workspaceSettingsButton(deps)],
  ]);
  // A question numbers its buttons (`dq_choose:2`): the listener is the one of the id before the number.
  const ids = new RegExp(
    `^(?:${[...buttons.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?::\\d+)?$`,
  );
  app.action<BlockButtonAction>(ids, (args) => buttons.get(actionOf(args.action.action_id))!(args));
}
