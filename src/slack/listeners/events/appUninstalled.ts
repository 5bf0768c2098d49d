import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { workspaceGone } from './workspaceGone.js';

type Args = SlackEventMiddlewareArgs<'app_uninstalled'> & AllMiddlewareArgs;

/** The app was uninstalled (https://docs.slack.dev/reference/events/app_uninstalled). */
export function appUninstalled(deps: SlackDeps) {
  return async ({ body, context }: Args): Promise<void> => {
    deps.logger.warn({ teamId: body.team_id }, 'the app was uninstalled');
    await workspaceGone(deps, context, 'app_uninstalled');
  };
}
