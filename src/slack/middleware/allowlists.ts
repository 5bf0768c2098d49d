import type { AllMiddlewareArgs, AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { refusal } from '../requester/access.js';
import { requesterOf } from '../requester/requester.js';
import type { Body } from '../requester/requestOrigin.js';
import { replyWithRefusal } from './refusalReply.js';
import { checkedOriginOf } from './whoIsAsking.js';

/**
 * Global middleware, after whoIsAsking: applies the optional allowlists (ALLOWED_TEAM_IDS,
 * ALLOWED_USER_IDS, ALLOWED_CHANNEL_IDS, narrowed by the workspace's settings) and the Slack Connect rules once for every command, click,
 * form, shortcut, event and workflow step, before anything is parsed or spent. A refused request
 * goes no further; it is answered where its kind allows (refusalReply.ts).
 */
export function allowlists(deps: SlackDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { context, next } = args as AnyMiddlewareArgs & AllMiddlewareArgs;
    const origin = checkedOriginOf(context);
    // The workspace's lists (its settings within ALLOWED_*), as whoIsAsking read them for this request.
    const refused = origin && (origin.refused ?? refusal(requesterOf(context).rules.allowlist, origin.where));
    if (!origin || !refused) {
      await next();
      return;
    }
    const { where } = origin;
    const body = args.body as unknown as Body;
    deps.logger.info(
      {
        teamId: where.teamId ?? 'unknown',
        userId: where.userId ?? '',
        channelId: where.channelId,
        kind: body.command ? 'command' : (body.event?.type ?? body.type),
      },
      'refused by the allowlists',
    );
    await replyWithRefusal(args as AnyMiddlewareArgs & AllMiddlewareArgs, deps, requesterOf(context), where, refused);
  };
}
