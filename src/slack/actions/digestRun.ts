import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { mayManageDigest } from '../flows/digestPermissions.js';
import { publishHome } from '../flows/publishHome.js';
import { refusedOutsideChannels } from '../refusedOutsideChannels.js';
import { describeRunOutcome } from '../render/digestRun.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Run now" next to a digest on the App Home: posts it, tells the user how it went, refreshes the Home. */
export function digestRunButton(deps: SlackDeps) {
  return async ({ ack, body, action, client }: Args): Promise<void> => {
    await ack();
    const teamId = body.team?.id ?? body.user.team_id ?? 'unknown';
    if (await refusedOutsideChannels(deps, client, { teamId, userId: body.user.id })) return;
    try {
      const digest = await deps.digests.find(teamId, action.value ?? '');
      if (!digest || !mayManageDigest(deps, body.user.id, digest)) return;
      const outcome = await deps.digests.runNow(digest.id);
      await client.chat.postMessage({ channel: body.user.id, text: describeRunOutcome(digest, outcome) });
      await publishHome(deps, client, teamId, body.user.id);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not run the digest from the App Home');
    }
  };
}
