import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

type Args = SlackEventMiddlewareArgs<'app_uninstalled'> & AllMiddlewareArgs;

/**
 * The app was uninstalled (https://docs.slack.dev/reference/events/app_uninstalled): every digest and
 * watch holds before it spends, on every replica, until Slack takes a token again. With Add to Slack,
 * that workspace's (or organisation's) installation and tokens are deleted and only its jobs hold.
 */
export function appUninstalled(deps: SlackDeps) {
  return async ({ body, context }: Args): Promise<void> => {
    if (deps.workspaces) {
      await deps.workspaces
        .uninstalled(
          {
            teamId: context.teamId,
            enterpriseId: context.enterpriseId,
            isEnterpriseInstall: context.isEnterpriseInstall === true,
          },
          'app_uninstalled',
        )
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, 'could not delete an uninstalled workspace’s installation'),
        );
      return;
    }
    deps.logger.warn({ teamId: body.team_id }, 'the app was uninstalled');
    await deps.install
      ?.stop('app_uninstalled')
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, 'could not hold digests and watches after an uninstall'),
      );
  };
}
