import { exactLocale } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import { type Requester, speaking } from '../requester/requester.js';
import { digestListMessage } from './digestCommand.js';
import { isAdmin } from './permissions.js';
import { watchListMessage } from './watchCommand.js';

/**
 * Previous/Next under a page of `/dq watch list` or `/dq digest list`: the list read again, at the
 * page the button names, in place of the one shown, in the language of the one it replaces (buttons
 * from before that was carried have none: the person's own). The value is only what a client sent:
 * the workspace's whole watch list is still for admins only. False when the value is not a list page.
 */
export async function showListPage(
  deps: SlackDeps,
  asker: Requester,
  value: string | undefined,
  responder: Responder,
): Promise<boolean> {
  const parts = /^(watch|digest):(channel|team):(\d{1,6})(?::([\w-]{2,10}))?$/.exec(value ?? '');
  if (!parts) return false;
  const [, kind, scope, page, said] = parts;
  const locale = exactLocale(said);
  const requester = locale ? speaking(asker, locale) : asker;
  const { lang } = await requester.profile();
  try {
    if (kind === 'digest') {
      await responder.reply(await digestListMessage(deps, requester, Number(page), lang), { replace: true });
    } else if (scope === 'team' && !(await isAdmin(requester))) {
      await responder.reply(renderNotice(lang.t('watch.command.adminsSeeAll'), lang));
    } else {
      await responder.reply(
        await watchListMessage(deps, requester, scope === 'team' ? 'team' : 'channel', Number(page), lang),
        { replace: true },
      );
    }
  } catch (error) {
    deps.logger.error({ err: error }, 'could not show another page of a list');
    await responder.reply(
      renderNotice(
        lang.t(kind === 'digest' ? 'digests.command.storeDownReading' : 'watch.command.storeDownReading'),
        lang,
      ),
    );
  }
  return true;
}
