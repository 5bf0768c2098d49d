import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { saveWatch } from '../../flows/watchCommand.js';
import { ACTION } from '../../payloads/ids.js';
import { readWatchCancelValue } from '../../payloads/watchRequestValue.js';
import { renderNotice } from '../../render/notice.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** Save or Cancel on a watch's preview (which showed its cost): the preview is replaced by the outcome. */
export function watchSaveButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps, { replaces: true });
    const requester = requesterOf(context);
    if (action.action_id === ACTION.watchCancel) {
      // Said in the preview's language, which the Cancel button carries.
      const locale = readWatchCancelValue(action.value);
      const { lang } = await (locale ? speaking(requester, locale) : requester).profile();
      return responder.reply(renderNotice(lang.t('watch.command.cancelled'), lang), { replace: true });
    }
    await saveWatch(deps, requester, action.value, responder, client);
  };
}
