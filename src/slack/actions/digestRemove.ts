import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { mayManageDigest } from '../flows/digestPermissions.js';
import { publishHome } from '../flows/publishHome.js';
import { refusedOutsideChannels } from '../refusedOutsideChannels.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Remove" next to a digest on the App Home (the button asks for confirmation first). */
export function digestRemoveButton(deps: SlackDeps) {
  return async ({ ack, body, action, client }: Args): Promise<void> => {
    await ack();
    const teamId = body.team?.id ?? body.user.team_id ?? 'unknown';
    if (await refusedOutsideChannels(deps, client, { teamId, userId: body.user.id })) return;
    try {
      const digest = await deps.digests.find(teamId, action.value ?? '');
      if (digest && mayManageDigest(deps, body.user.id, digest)) await deps.digests.remove(digest.id);
      await publishHome(deps, client, teamId, body.user.id);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not remove the digest from the App Home');
    }
  };
}
