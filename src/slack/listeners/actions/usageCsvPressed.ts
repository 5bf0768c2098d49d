import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { readUsageCsvValue, usageCsv } from '../../flows/usageCsv.js';
import { renderNotice } from '../../render/notice.js';
import { FileUploadError, postFile } from '../../reply/fileUpload.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Usage as CSV" under `/dq usage` or on an admin's Home tab: the month's file is sent to the
 * person's direct messages with the app, never to the channel (it names everyone's spending).
 */
export function usageCsvPressed(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const asked = readUsageCsvValue(action.value);
    // In the language of the reply the button is under, which its value carries.
    const asker = requesterOf(context);
    const requester = asked?.locale ? speaking(asker, asked.locale) : asker;
    const { lang } = await requester.profile();
    const responder = replyRoute(body.response_url, client, requester.userId, body.channel?.id, deps);
    if (!asked) return responder.reply(renderNotice(lang.t('modals.staleButton'), lang));
    const { month } = asked;
    try {
      const file = await usageCsv(deps, requester, month);
      const opened = await client.conversations.open({ users: requester.userId });
      if (!opened.channel?.id) throw new FileUploadError('no_direct_message');
      await postFile(client, {
        channelId: opened.channel.id,
        filename: file.filename,
        title: file.title,
        bytes: file.bytes,
        initialComment: file.comment,
      });
      // From the Home tab there is no conversation to answer in: the file in the DM is the answer.
      if (body.response_url || body.channel?.id)
        await responder.reply(
          renderNotice(
            lang.t('usage.csv.sent', { month: file.month, rows: lang.t('usage.csv.rows', { count: file.rows }) }),
            lang,
          ),
        );
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not send the usage CSV');
      const code = error instanceof FileUploadError ? error.code : 'error';
      await responder.reply(renderNotice(lang.t('usage.csv.failed', { error: code }), lang)).catch(() => undefined);
    }
  };
}
