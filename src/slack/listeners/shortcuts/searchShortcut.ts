import type { AllMiddlewareArgs, GlobalShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { openSearchModal } from '../../flows/lookupForms.js';
import { renderNotice } from '../../render/notice.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs;

/** The global shortcut "Search financial data": a chooser that leads to each search form; a direct message says so when it could not open. */
export function searchShortcut(deps: SlackDeps) {
  return async ({ ack, shortcut, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    if (await openSearchModal(deps, client, shortcut.trigger_id, undefined, {}, requester)) return;
    try {
      const { lang } = await requester.profile();
      await replyRoute(undefined, client, requester.userId, undefined, deps).reply(
        renderNotice(lang.t('answer.formNotOpened'), lang),
      );
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not say that the search form did not open');
    }
  };
}
