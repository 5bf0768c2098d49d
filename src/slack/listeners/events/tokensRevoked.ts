import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

type Args = SlackEventMiddlewareArgs<'tokens_revoked'> & AllMiddlewareArgs;

/**
 * Tokens of the app were revoked (https://docs.slack.dev/reference/events/tokens_revoked): the event
 * lists, by kind, the users whose tokens went. The app speaks only with its bot token, so a revoked
 * bot token holds every digest and watch; revoked user (oauth) tokens change nothing for it.
 */
export function tokensRevoked(deps: SlackDeps) {
  return async ({ event, body, context }: Args): Promise<void> => {
    const bots = event.tokens?.bot ?? [];
    if (bots.length === 0) return;
    if (deps.workspaces) {
      // With Add to Slack the bot token is that workspace's (or organisation's) only: its installation goes.
      await deps.workspaces
        .uninstalled(
          {
            teamId: context.teamId,
            enterpriseId: context.enterpriseId,
            isEnterpriseInstall: context.isEnterpriseInstall === true,
          },
          'tokens_revoked',
        )
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, 'could not delete a revoked workspace’s installation'),
        );
      return;
    }
    deps.logger.warn({ teamId: body.team_id, botUserIds: bots }, 'the app’s bot token was revoked');
    await deps.install
      ?.stop('tokens_revoked')
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, 'could not hold digests and watches after the token was revoked'),
      );
  };
}
