import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { LOCALES } from '../../../i18n/lang.js';
import type { SlackDeps } from '../../deps.js';
import { digestListMessage } from '../../flows/digestCommand.js';
import { watchListMessage } from '../../flows/watchCommand.js';
import { renderNotice } from '../../render/notice.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * Previous/Next under a page of `/dq watch list` or `/dq digest list`: the list read again, at the
 * page the button names, in place of the one shown. The value is only what a client sent: the
 * workspace's whole watch list is still for admins only.
 */
export function listPageButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const value = /^(watch|digest):(channel|team):(\d{1,6})(?::([\w-]{2,10}))?$/.exec(action.value ?? '');
    if (!value) return;
    const [, kind, scope, page, said] = value;
    // The page comes in the language of the one it replaces (buttons from before it was carried have none).
    const locale = LOCALES.find((known) => known === said);
    const asker = requesterOf(context);
    const requester = locale ? speaking(asker, locale) : asker;
    const { lang } = await requester.profile();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps);
    try {
      if (kind === 'digest')
        return await responder.reply(await digestListMessage(deps, requester, Number(page), lang), { replace: true });
      if (scope === 'team' && !deps.config.adminUserIds.has(requester.userId))
        return await responder.reply(renderNotice(lang.t('watch.command.adminsSeeAll'), lang));
      await responder.reply(
        await watchListMessage(deps, requester, scope === 'team' ? 'team' : 'channel', Number(page), lang),
        { replace: true },
      );
    } catch (error) {
      deps.logger.error({ err: error }, 'could not show another page of a list');
      await responder.reply(
        renderNotice(
          lang.t(kind === 'digest' ? 'digests.command.storeDownReading' : 'watch.command.storeDownReading'),
          lang,
        ),
      );
    }
  };
}
