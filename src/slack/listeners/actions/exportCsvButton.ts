import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { langFor } from '../../../i18n/lang.js';
import type { SlackDeps } from '../../deps.js';
import { exportPlanView } from '../../flows/exportCsv.js';
import { openForm } from '../../flows/openForm.js';
import { clickedThread } from '../../flows/threadConversation.js';
import { exportLoadingModal, exportNoticeModal } from '../../modals/exportModal.js';
import { decodeQueryValue } from '../../payloads/queryValue.js';
import { formLang } from '../../requester/language.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Export CSV" under a result: a modal opens at once saying the costs are being worked out, then is
 * filled in (views.update) with what the whole export costs; nothing is spent until it is confirmed.
 */
export function exportCsvButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const query = decodeQueryValue(action.value ?? '');
    // In the language of the result the button is under, which its value carries.
    const asker = requesterOf(context);
    const requester = query?.locale ? speaking(asker, query.locale) : asker;
    const lang = query?.locale ? langFor(query.locale) : await formLang(deps, asker);
    const opened = await openForm(
      deps,
      client,
      requester,
      { triggerId: body.trigger_id, responseUrl: body.response_url, channelId: body.channel?.id },
      query ? exportLoadingModal(lang) : exportNoticeModal(lang, lang.t('export.buttonBroken')),
    );
    if (!query || !opened?.id) return;
    // Asked in a thread (a result there, or `export` written in it): the file is shared into that thread.
    const thread = clickedThread(body);
    const view = await exportPlanView(deps, requester, query, body.channel?.id ?? requester.channelId, thread);
    try {
      await client.views.update({ view_id: opened.id, ...(opened.hash ? { hash: opened.hash } : {}), view });
    } catch (error) {
      // Closed already, most likely: there is nobody to show it to.
      deps.logger.info({ err: error }, 'could not show the export costs');
    }
  };
}
