import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { manageableDigest } from '../../flows/digestPermissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { describeRunOutcome } from '../../render/digestRun.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Run now" next to a digest on the App Home: posts it, tells the user how it went, refreshes the Home. */
export function digestRunButton(deps: SlackDeps) {
  return async ({ ack, action, body, client, context }: Args): Promise<void> => {
    await ack();
    try {
      const requester = requesterOf(context);
      const { userId } = requester;
      const digest = await manageableDigest(deps, requester, action.value);
      if (!digest) return;
      const outcome = await deps.digests.runNow(digest.id);
      await client.chat.postMessage({
        channel: userId,
        text: describeRunOutcome(digest, outcome, (await requester.profile()).lang),
      });
      await publishHome(deps, client, requester, { hash: body.view?.hash });
    } catch (error) {
      deps.logger.error({ err: error }, 'could not run the digest from the App Home');
    }
  };
}
