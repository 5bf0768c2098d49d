import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { publishHome, readHomePageValue } from '../../flows/publishHome.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** Previous/Next under the App Home's watches or digests: the Home published again at those pages. */
export function homePageButton(deps: SlackDeps) {
  return async ({ ack, action, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const { userId } = requester;
    try {
      await publishHome(deps, client, requester, { ...readHomePageValue(action.value), hash: body.view?.hash });
    } catch (error) {
      deps.logger.error({ err: error, userId }, 'could not publish another page of the App Home');
    }
  };
}
