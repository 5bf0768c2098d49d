import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { publishHome } from '../flows/publishHome.js';
import { describeRunOutcome } from '../render/digestRun.js';
import { homeDigestClick } from './homeDigestClick.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Run now" next to a digest on the App Home: posts it, tells the user how it went, refreshes the Home. */
export function digestRunButton(deps: SlackDeps) {
  return async ({ ack, body, action, client }: Args): Promise<void> => {
    await ack();
    try {
      const click = await homeDigestClick(deps, client, body, action.value);
      if (!click?.digest) return;
      const outcome = await deps.digests.runNow(click.digest.id);
      await client.chat.postMessage({ channel: body.user.id, text: describeRunOutcome(click.digest, outcome) });
      await publishHome(deps, client, click.teamId, body.user.id);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not run the digest from the App Home');
    }
  };
}
