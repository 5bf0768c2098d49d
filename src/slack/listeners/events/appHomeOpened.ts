import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { publishHome } from '../../flows/publishHome.js';

type Args = SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs;

/** The Home tab is rebuilt each time a user opens it, so it always shows today's figures. */
export function appHomeOpened(deps: SlackDeps) {
  return async ({ event, body, client }: Args): Promise<void> => {
    if (event.tab !== 'home') return;
    const teamId = body.team_id ?? (event.view as { team_id?: string } | undefined)?.team_id ?? 'unknown';
    try {
      await publishHome(deps, client, teamId, event.user, {
        hash: (event.view as { hash?: string } | undefined)?.hash,
      });
    } catch (error) {
      deps.logger.error({ err: error, userId: event.user }, 'could not publish the App Home');
    }
  };
}
