import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { workspaceGone } from './workspaceGone.js';

type Args = SlackEventMiddlewareArgs<'tokens_revoked'> & AllMiddlewareArgs;

/**
 * Tokens of the app were revoked (https://docs.slack.dev/reference/events/tokens_revoked): the event
 * lists, by kind, the users whose tokens went. The app speaks only with its bot token, so only a
 * revoked bot token stops it; revoked user (oauth) tokens change nothing for it.
 */
export function tokensRevoked(deps: SlackDeps) {
  return async ({ event, body, context }: Args): Promise<void> => {
    const bots = event.tokens?.bot ?? [];
    if (bots.length === 0) return;
    deps.logger.warn({ teamId: body.team_id, botUserIds: bots }, 'the app’s bot token was revoked');
    await workspaceGone(deps, context, 'tokens_revoked');
  };
}
