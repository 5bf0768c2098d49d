import { type Lang, langFor } from '../../i18n/lang.js';
import { serviceText } from '../../slack/blockKit/mrkdwn.js';
import type { SlackDeps } from '../../slack/deps.js';
import { showListPage } from '../../slack/flows/listPage.js';
import { mayManage } from '../../slack/flows/permissions.js';
import { removedText } from '../../slack/flows/watchCommand.js';
import { readWatchCancelValue } from '../../slack/payloads/watchRequestValue.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import type { Requester } from '../../slack/requester/requester.js';

/**
 * Cancel on a watch's preview, as the Slack app answers it: the preview replaced by "nothing was
 * saved", in the preview's language (which the button carries), else in the reply's.
 */
export async function cancelWatchAtConsole(value: string | undefined, lang: Lang, responder: Responder): Promise<void> {
  const locale = readWatchCancelValue(value);
  const said = locale ? langFor(locale) : lang;
  await responder.reply(renderNotice(said.t('watch.command.cancelled'), said), { replace: true });
}

/**
 * "Stop watching" under a watch's message: the watch removed, for its creator or an admin only, as
 * the Slack app's button does (where Slack asks "are you sure?" first, the number typed is the answer).
 */
export async function stopWatchAtConsole(
  deps: SlackDeps,
  requester: Requester,
  value: string | undefined,
  lang: Lang,
  responder: Responder,
): Promise<void> {
  const say = (text: string) => responder.reply(renderNotice(text, lang));
  try {
    const watch = await deps.watches.find(requester.teamId, value ?? '');
    if (!watch)
      return await say(
        lang.t('watch.command.noSuchWatch', { id: serviceText(value ?? '', { max: 60, oneLine: true }) }),
      );
    if (!mayManage(deps, requester.userId, watch))
      return await say(lang.t('watch.command.notYours', { owner: watch.createdBy, id: watch.id }));
    await deps.watches.remove(watch.id);
    await say(removedText(watch, lang));
  } catch (error) {
    deps.logger.error({ err: error }, 'could not stop the watch');
    await say(lang.t('watch.command.storeDownChanging'));
  }
}

/** Previous/Next under a page of a list, as the Slack app answers them; a value that names no page is a stale button. */
export async function listPageAtConsole(
  deps: SlackDeps,
  requester: Requester,
  value: string | undefined,
  lang: Lang,
  responder: Responder,
): Promise<void> {
  if (!(await showListPage(deps, requester, value, responder)))
    await responder.reply(renderNotice(lang.t('modals.staleButton'), lang));
}
