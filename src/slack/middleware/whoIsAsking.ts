import type { AnyMiddlewareArgs, AllMiddlewareArgs, Context, Middleware } from '@slack/bolt';
import type { Allowlist } from '../config.js';
import type { SlackDeps } from '../deps.js';
import type { Requester } from '../message.js';
import { decodeModalOrigin } from '../modals/modalOrigin.js';
import { renderNotice } from '../render/notice.js';
import { replyRoute } from '../responders.js';

/** Who sent a request and from where, as every listener sees it in `context.asker`. */
export interface Asker {
  teamId: string;
  userId: string;
  /** The conversation the request came from; for a search form, the one it was opened from. */
  channelId?: string;
  /** The asker with their time zone (users.info, cached), fetched only when a reply needs it. */
  requester(): Promise<Requester>;
  /** The allowlists' refusal for another channel (the one a digest form names), or undefined. */
  refusalIn(channelId: string): string | undefined;
}

export function askerOf(context: Context): Asker {
  const asker = (context as { asker?: Asker }).asker;
  if (!asker) throw new Error('whoIsAsking middleware did not run for this request');
  return asker;
}

interface Where {
  teamId?: string | undefined;
  channelId?: string | undefined;
  userId?: string | undefined;
}

/**
 * The optional allowlists, checked before anything is parsed or spent. Returns the refusal to show,
 * or undefined when allowed. A missing channel (a global shortcut, the App Home) passes the channel list.
 */
export function refusal(allowlist: Allowlist, where: Where): string | undefined {
  if (allowlist.teams && !(where.teamId && allowlist.teams.has(where.teamId))) {
    return 'This workspace is not enabled for the data service. Ask your Slack admin to add it to ALLOWED_TEAM_IDS.';
  }
  if (allowlist.users && !(where.userId && allowlist.users.has(where.userId))) {
    return 'You are not on the list of people who may use the data service here. Ask an admin to add you (ALLOWED_USER_IDS).';
  }
  if (allowlist.channels && where.channelId && !allowlist.channels.has(where.channelId)) {
    return 'The data service is not enabled in this channel. Try it in a channel where it is enabled, or ask an admin (ALLOWED_CHANNEL_IDS).';
  }
  return undefined;
}

type Body = Record<string, unknown> & {
  type?: string;
  team_id?: string;
  user_id?: string;
  channel_id?: string;
  command?: string;
  response_url?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
  channel?: { id?: string };
  view?: { private_metadata?: string; blocks?: Array<{ type?: string; block_id?: string }> };
};

/** Who and where, read the same way for every kind of request (events are not asked for). */
function whereFrom(body: Body): (Where & { userId: string }) | undefined {
  if (body.command) return { teamId: body.team_id, userId: String(body.user_id ?? ''), channelId: body.channel_id };
  const userId = body.user?.id;
  if (!userId) return undefined;
  const teamId = body.team?.id ?? body.user?.team_id;
  if (body.type === 'view_submission' || body.type === 'view_closed') return { teamId, userId, channelId: decodeModalOrigin(body.view?.private_metadata).channelId };
  return { teamId, userId, channelId: body.channel?.id };
}

/**
 * Global middleware, before every listener: says who is asking (`context.asker`) and applies the
 * allowlists once for every command, click, form and shortcut. A refused request is acknowledged and
 * answered here, where its kind allows: in the conversation, on the form, or by direct message.
 */
export function whoIsAsking(deps: SlackDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { body: rawBody, context, client, next } = args as AnyMiddlewareArgs & AllMiddlewareArgs;
    const body = rawBody as unknown as Body;
    const where = whereFrom(body);
    if (!where) {
      await next();
      return;
    }
    const teamId = where.teamId ?? 'unknown';
    let requester: Promise<Requester> | undefined;
    const asker: Asker = {
      teamId,
      userId: where.userId,
      ...(where.channelId ? { channelId: where.channelId } : {}),
      requester: () =>
        (requester ??= deps.timeZones.of(client, where.userId).then((timeZone) => ({ teamId, userId: where.userId, ...(where.channelId ? { channelId: where.channelId } : {}), timeZone }))),
      refusalIn: (channelId) => refusal(deps.config.allowlist, { channelId }),
    };
    context.asker = asker;
    const refused = refusal(deps.config.allowlist, where);
    if (!refused) {
      await next();
      return;
    }
    deps.logger.info({ teamId, userId: where.userId, channelId: where.channelId, kind: body.command ? 'command' : body.type }, 'refused by the allowlists');
    const ack = 'ack' in args && typeof args.ack === 'function' ? (args.ack as (response?: unknown) => Promise<void>) : undefined;
    if (body.type === 'view_submission') {
      const firstInput = (Array.isArray(body.view?.blocks) ? body.view.blocks : []).find((block) => block?.type === 'input')?.block_id;
      await ack?.(firstInput ? { response_action: 'errors', errors: { [firstInput]: refused } } : undefined);
      return;
    }
    await ack?.();
    if (body.type === 'view_closed' || body.type === 'block_suggestion') return;
    try {
      if (body.response_url || where.channelId) {
        await replyRoute(body.response_url, client, where.userId, where.channelId, deps.logger).reply(renderNotice(refused));
      } else {
        await client.chat.postMessage({ channel: where.userId, text: refused });
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not send the refusal');
    }
  };
}
