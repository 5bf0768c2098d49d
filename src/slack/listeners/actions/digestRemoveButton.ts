import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { manageableDigest } from '../../flows/digestPermissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Remove" next to a digest on the App Home (the button asks for confirmation first). */
export function digestRemoveButton(deps: SlackDeps) {
  return async ({ ack, action, body, client, context }: Args): Promise<void> => {
    await ack();
    try {
      const requester = requesterOf(context);
      const digest = await manageableDigest(deps, requester, action.value);
      if (digest) await deps.digests.remove(digest.id);
      await publishHome(deps, client, requester, { hash: body.view?.hash });
    } catch (error) {
      deps.logger.error({ err: error }, 'could not remove the digest from the App Home');
    }
  };
}
