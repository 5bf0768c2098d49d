import type { AllMiddlewareArgs, GlobalShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { openSearchModal } from '../flows/openSearchModal.js';
import { requesterOf } from '../middleware/whoIsAsking.js';

type Args = SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs;

/** The global shortcut "Search financial data": a chooser that leads to each search form. */
export function searchShortcut(deps: SlackDeps) {
  return async ({ ack, shortcut, client, context }: Args): Promise<void> => {
    await ack();
    await openSearchModal(deps, client, shortcut.trigger_id, undefined, {}, requesterOf(context));
  };
}
