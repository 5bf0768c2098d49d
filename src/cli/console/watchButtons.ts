import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../../slack/deps.js';
import { showListPage } from '../../slack/flows/listPage.js';
import { cancelWatchPreview, removeWatch } from '../../slack/flows/watchCommand.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import { type Requester, speaking } from '../../slack/requester/requester.js';

/**
 * Cancel on a watch's preview, as the Slack app answers it: in the preview's language (which the
 * button carries), else in the reply's.
 */
export async function cancelWatchAtConsole(
  requester: Requester,
  value: string | undefined,
  lang: Lang,
  responder: Responder,
): Promise<void> {
  await cancelWatchPreview(speaking(requester, lang.locale), value, responder);
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
    await removeWatch(deps, speaking(requester, lang.locale), value, say);
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
