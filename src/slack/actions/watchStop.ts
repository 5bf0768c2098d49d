import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { publishHome } from '../flows/publishHome.js';
import { mayManageWatch } from '../flows/watchCommand.js';
import { askerOf } from '../middleware/whoIsAsking.js';
import { serviceText } from '../render/mrkdwn.js';
import { renderNotice } from '../render/notice.js';
import { describeTarget } from '../render/watch.js';
import { replyRoute } from '../responders.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Stop watching" under a watch's message: removes the watch, for its creator or an admin only. */
export function watchStopButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps);
    const requester = await askerOf(context).requester();
    const { lang } = requester;
    const reply = (text: string) => responder.reply(renderNotice(text, lang));
    try {
      const watch = await deps.watches.find(requester.teamId, action.value ?? '');
      if (!watch) return await reply(lang.t('watch.command.noSuchWatch', { id: serviceText(action.value ?? '', { max: 60, oneLine: true }) }));
      if (!mayManageWatch(deps, requester.userId, watch)) return await reply(lang.t('watch.command.notYours', { owner: `<@${watch.createdBy}>`, id: watch.id }));
      await deps.watches.remove(watch.id);
      await reply(lang.t('watch.command.removed', { id: watch.id, target: describeTarget(watch.target, lang), channel: `<#${watch.channelId}>` }));
      // From the App Home: show it gone there too.
      if ((body as { view?: { type?: string } }).view?.type === 'home') await publishHome(deps, client, requester.teamId, requester.userId);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not stop the watch');
      await reply(lang.t('watch.command.storeDownChanging'));
    }
  };
}
