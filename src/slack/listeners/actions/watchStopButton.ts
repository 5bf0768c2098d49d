import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { publishHome } from '../../flows/publishHome.js';
import { removeWatch } from '../../flows/watchCommand.js';
import { renderNotice } from '../../render/notice.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Stop watching" under a watch's message, and Stop on the App Home: removes the watch, for its
 * creator or an admin only. On the Home tab the answer is the refreshed tab (no message: a click
 * there is in no channel, and the channel list may allow none for it).
 */
export function watchStopButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const { lang } = await requester.profile();
    const homeView = (body as { view?: { type?: string; hash?: string } }).view;
    const fromHome = homeView?.type === 'home';
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps, { replaces: true });
    const reply = (text: string) => (fromHome ? Promise.resolve() : responder.reply(renderNotice(text, lang)));
    try {
      await removeWatch(deps, requester, action.value, reply);
      if (fromHome) await publishHome(deps, client, requester, { hash: homeView?.hash });
    } catch (error) {
      deps.logger.error({ err: error }, 'could not stop the watch');
      await reply(lang.t('watch.command.storeDownChanging'));
    }
  };
}
