import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { publishHome } from '../../flows/publishHome.js';
import { offerPrompts } from '../../flows/suggestedPrompts.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs;

/**
 * The Home tab is rebuilt each time a user opens it, so it always shows today's figures; opening the
 * Messages tab sets its suggested prompts in the person's language.
 */
export function appHomeOpened(deps: SlackDeps) {
  return async ({ event, body, client, context }: Args): Promise<void> => {
    if (event.tab === 'messages') return offerPrompts(deps, client, requesterOf(context), event.channel);
    if (event.tab !== 'home') return;
    const teamId = body.team_id ?? (event.view as { team_id?: string } | undefined)?.team_id ?? 'unknown';
    try {
      await publishHome(
        deps,
        client,
        { ...requesterOf(context), teamId, userId: event.user },
        {
          hash: (event.view as { hash?: string } | undefined)?.hash,
        },
      );
    } catch (error) {
      deps.logger.error({ err: error, userId: event.user }, 'could not publish the App Home');
    }
  };
}
