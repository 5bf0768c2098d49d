import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { exportPlanView } from '../flows/exportCsv.js';
import { requesterOf, formLang } from '../middleware/whoIsAsking.js';
import { exportLoadingModal, exportNoticeModal } from '../modals/exportModal.js';
import { decodeQueryValue } from '../queryValue.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Export CSV" under a result: a modal opens at once saying the costs are being worked out, then is
 * filled in (views.update) with what the whole export costs; nothing is spent until it is confirmed.
 */
export function exportCsvButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const lang = await formLang(deps, requester);
    const query = decodeQueryValue(action.value ?? '');
    let opened: { id?: string; hash?: string } | undefined;
    try {
      const answer = await client.views.open({ trigger_id: body.trigger_id, view: query ? exportLoadingModal(lang) : exportNoticeModal(lang, lang.t('export.buttonBroken')) });
      opened = answer.view;
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not open the export modal');
      return;
    }
    if (!query || !opened?.id) return;
    const view = await exportPlanView(deps, requester, query, body.channel?.id ?? requester.channelId);
    try {
      await client.views.update({ view_id: opened.id, ...(opened.hash ? { hash: opened.hash } : {}), view });
    } catch (error) {
      // Closed already, most likely: there is nobody to show it to.
      deps.logger.info({ err: error }, 'could not show the export costs');
    }
  };
}
