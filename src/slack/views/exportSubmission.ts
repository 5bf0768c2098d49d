import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { runCsvExport } from '../flows/exportCsv.js';
import { askerOf } from '../middleware/whoIsAsking.js';
import { decodeExportState } from '../modals/exportModal.js';
import { decodeQueryValue } from '../queryValue.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * A confirmed export: the modal closes at once and the export runs, its progress in the user's DM
 * and its file in the conversation the result was in. Metadata this app did not write is ignored.
 */
export function exportSubmission(deps: SlackDeps) {
  return async ({ ack, view, client, context }: Args): Promise<void> => {
    await ack();
    const state = decodeExportState(view.private_metadata);
    const query = state ? decodeQueryValue(state.queryValue) : undefined;
    if (!state || !query) {
      deps.logger.warn('an export was confirmed with metadata this app did not write; ignored');
      return;
    }
    const requester = await askerOf(context).requester();
    await runCsvExport(deps, client, requester, {
      query,
      ...(state.channelId ? { channelId: state.channelId } : {}),
      ...(state.pageSize !== undefined ? { pageSize: state.pageSize } : {}),
    });
  };
}
