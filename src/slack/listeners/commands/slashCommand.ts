import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { keptAsLatest } from '../../flows/lookUpInConversation.js';
import { openSearchModal } from '../../flows/lookupForms.js';
import { openSupplierListForm } from '../../flows/openSupplierListForm.js';
import { runCommand } from '../../flows/routeCommand.js';
import { directKey } from '../../flows/threadConversation.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/**
 * Every slash command (/dq and the direct ones) lands here: ack at once, then parse with the one
 * parser and reply through the response_url.
 */
export function slashCommand(deps: SlackDeps) {
  return async ({ command, ack, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(command.response_url, client, command.user_id, command.channel_id, deps);
    // In a direct message the command's answer is the latest there: `daily instead` written next goes on
    // from it, not from an older answer. In a channel it is in no thread, and no thread's follow-up reaches it.
    const direct = command.channel_id.startsWith('D');
    await runCommand(command.command, command.text ?? '', {
      deps,
      responder,
      requester: requesterOf(context),
      client,
      ...(direct ? { onAnswer: keptAsLatest(deps, [directKey(command.channel_id)]) } : {}),
      openCheckForm: (requester) =>
        openSupplierListForm(deps, client, requester, {
          triggerId: command.trigger_id,
          responseUrl: command.response_url,
          channelId: command.channel_id,
          notOpened: 'answer.formDidNotOpen',
        }),
      openForm: (operation) =>
        openSearchModal(
          deps,
          client,
          requesterOf(context),
          {
            triggerId: command.trigger_id,
            responseUrl: command.response_url,
            channelId: command.channel_id,
            notOpened: 'answer.formDidNotOpen',
          },
          operation,
          { channelId: command.channel_id, responseUrl: command.response_url },
        ),
    });
  };
}
