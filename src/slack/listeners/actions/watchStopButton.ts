import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { serviceText } from '../../blockKit/mrkdwn.js';
import type { SlackDeps } from '../../deps.js';
import { mayManage } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { removedText } from '../../flows/watchCommand.js';
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
      const watch = await deps.watches.find(requester.teamId, action.value ?? '');
      if (!watch)
        await reply(
          lang.t('watch.command.noSuchWatch', { id: serviceText(action.value ?? '', { max: 60, oneLine: true }) }),
        );
      else if (!mayManage(deps, requester.userId, watch))
        await reply(lang.t('watch.command.notYours', { owner: `<@${watch.createdBy}>`, id: watch.id }));
      else {
        await deps.watches.remove(watch.id);
        await reply(removedText(watch, lang));
      }
      if (fromHome) await publishHome(deps, client, requester.teamId, requester.userId, { hash: homeView?.hash });
    } catch (error) {
      deps.logger.error({ err: error }, 'could not stop the watch');
      await reply(lang.t('watch.command.storeDownChanging'));
    }
  };
}
