import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { refusal } from '../access.js';
import type { SlackDeps } from '../deps.js';
import type { Requester } from '../message.js';
import { digestCommand } from '../flows/digestCommand.js';
import { openSearchModal } from '../flows/openSearchModal.js';
import { runQuery } from '../flows/runQuery.js';
import { showUsage } from '../flows/showUsage.js';
import { renderHelp } from '../parse/help.js';
import { parseCommand } from '../parse/parseCommand.js';
import { renderNotice } from '../render/notice.js';
import { responseUrlResponder } from '../responders.js';

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/**
 * Every slash command (/dq and the direct ones) lands here: ack at once, then parse with the one
 * parser and reply through the response_url.
 */
export function slashCommand(deps: SlackDeps) {
  return async ({ command, ack, respond, client }: Args): Promise<void> => {
    await ack();
    const responder = responseUrlResponder(respond);
    const refused = refusal(deps.config.allowlist, { teamId: command.team_id, channelId: command.channel_id, userId: command.user_id });
    if (refused) {
      await responder.reply(renderNotice(refused));
      return;
    }
    const parsed = parseCommand(command.command, command.text ?? '');
    const requester = async (): Promise<Requester> => ({
      teamId: command.team_id,
      userId: command.user_id,
      channelId: command.channel_id,
      timeZone: await deps.timeZones.of(client, command.user_id),
    });
    switch (parsed.kind) {
      case 'query':
        await runQuery(deps, await requester(), { operation: parsed.operation, input: parsed.input }, responder);
        return;
      case 'open_modal': {
        const opened = await openSearchModal(deps, client, command.trigger_id, parsed.operation, { channelId: command.channel_id, responseUrl: command.response_url });
        if (!opened) await responder.reply(renderNotice('The search form could not be opened (Slack allows 3 seconds). Try again, or type the search after the command; `/dq help` shows how.'));
        return;
      }
      case 'help':
        await responder.reply(renderHelp(parsed.operation));
        return;
      case 'usage':
        await showUsage(deps, await requester(), responder);
        return;
      case 'digest':
        await digestCommand(deps, await requester(), parsed.words, responder);
        return;
      case 'invalid':
        await responder.reply(renderNotice(`${parsed.message}\nFor example: \`${parsed.example}\``));
        return;
    }
  };
}
