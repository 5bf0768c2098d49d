import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { AnswerDeadline } from '../../calls/answerDeadline.js';
import type { SlackDeps } from '../../deps.js';
import { runCsvExport, showExportPlan } from '../../flows/exportCsv.js';
import { decodeExportState, exportPlanModal } from '../../modals/exportModal.js';
import { decodeQueryValue } from '../../payloads/queryValue.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * A confirmed export: the modal closes and the export runs, its progress in the user's DM and its
 * file in the conversation the result was in. Metadata this app did not write is ignored.
 */
export function exportSubmission(deps: SlackDeps) {
  return async ({ ack, view, client, context }: Args): Promise<void> => {
    const deadline = new AnswerDeadline();
    const state = decodeExportState(view.private_metadata);
    const query = state ? decodeQueryValue(state.queryValue) : undefined;
    if (!state || !query) {
      await ack();
      deps.logger.warn('an export was confirmed with metadata this app did not write; ignored');
      return;
    }
    // Answered in the language the export was asked in, which the form's state carries.
    const asker = requesterOf(context);
    const requester = query.locale ? speaking(asker, query.locale) : asker;
    // Cached pages can expire and a running export can end while the modal is open: when the export
    // would now cost more than the user confirmed, the modal shows the new cost and asks again. That
    // check gets what Slack's 3 s allow (the profile, the cache and the budgets may be slow): not
    // known in time, the modal closes and the export goes on, never spending more than was confirmed.
    const checked = await deadline.within(
      showExportPlan(deps, requester, query, state.channelId, state.threadTs ? { threadTs: state.threadTs } : {}),
    );
    const now = checked.known ? checked.value : undefined;
    if (now && !('notice' in now) && (now.joining ? 0 : now.coins) > (state.confirmedCoins ?? 0)) {
      const { lang } = await requester.profile();
      await ack({
        response_action: 'update',
        view: exportPlanModal({
          lang,
          ...now,
          texts: { ...now.texts, lines: [lang.t('export.modal.costChanged'), ...now.texts.lines] },
        }),
      });
      return;
    }
    await ack();
    await runCsvExport(deps, client, requester, {
      query,
      ...(state.channelId ? { channelId: state.channelId } : {}),
      ...(state.threadTs ? { threadTs: state.threadTs } : {}),
      ...(state.pageSize !== undefined ? { pageSize: state.pageSize } : {}),
      confirmedCoins: state.confirmedCoins ?? 0,
    });
  };
}
