import type { AllMiddlewareArgs, GlobalShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { openSearchModal } from '../../flows/lookupForms.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs;

/** The global shortcut "Search financial data": a chooser that leads to each search form; a direct message says so when it could not open. */
export function searchShortcut(deps: SlackDeps) {
  return async ({ ack, shortcut, client, context }: Args): Promise<void> => {
    await ack();
    await openSearchModal(deps, client, requesterOf(context), { triggerId: shortcut.trigger_id }, undefined, {});
  };
}
