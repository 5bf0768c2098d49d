import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { langFor } from '../../../i18n/lang.js';
import type { SlackDeps } from '../../deps.js';
import { exportPlanView } from '../../flows/exportCsv.js';
import { openForm } from '../../flows/openForm.js';
import { clickedThread } from '../../flows/threadConversation.js';
import { exportLoadingModal, exportNoticeModal } from '../../modals/exportModal.js';
import { decodeQueryValue } from '../../payloads/queryValue.js';
import { workspaceLang } from '../../requester/language.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Export CSV" under a result: a modal opens at once saying the costs are being worked out, then is
 * filled in (views.update) with what the whole export costs, once who asks and from where is
 * checked; nothing is spent until it is confirmed.
 */
export function exportCsvButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const query = decodeQueryValue(action.value ?? '');
    // In the language of the result the button is under, which its value carries.
    const asker = requesterOf(context);
    const requester = query?.locale ? speaking(asker, query.locale) : asker;
    const origin = { triggerId: body.trigger_id, responseUrl: body.response_url, channelId: body.channel?.id };
    if (!query) {
      await openForm(deps, client, requester, origin, async () => {
        const { lang } = await requester.profile();
        return exportNoticeModal(lang, lang.t('export.buttonBroken'));
      });
      return;
    }
    const waiting = exportLoadingModal(query.locale ? langFor(query.locale) : workspaceLang(asker.rules));
    // Asked in a thread (a result there, or `export` written in it): the file is shared into that thread.
    const thread = clickedThread(body);
    await openForm(
      deps,
      client,
      requester,
      origin,
      () => exportPlanView(deps, requester, query, body.channel?.id ?? requester.channelId, thread),
      { waiting },
    );
  };
}
