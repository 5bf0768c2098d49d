import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { publishHome } from '../flows/publishHome.js';
import { homeDigestClick } from './homeDigestClick.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Remove" next to a digest on the App Home (the button asks for confirmation first). */
export function digestRemoveButton(deps: SlackDeps) {
  return async ({ ack, body, action, client }: Args): Promise<void> => {
    await ack();
    try {
      const click = await homeDigestClick(deps, client, body, action.value);
      if (!click) return;
      if (click.digest) await deps.digests.remove(click.digest.id);
      await publishHome(deps, client, click.teamId, body.user.id);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not remove the digest from the App Home');
    }
  };
}
