import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { profileOf } from '../middleware/whoIsAsking.js';
import { renderHome } from '../render/home.js';
import { slackErrorCode } from '../slackCallPolicy.js';
import { mayAdd, mayManage } from './permissions.js';

const RECENT_LOOKUPS = 8;

/**
 * Builds and publishes one user's App Home: spend against budgets, recent lookups, digests, search
 * buttons. `hash` is the Home view's hash as the request that asked for this saw it (the
 * app_home_opened event's, a Home button's): Slack refuses the publish with hash_conflict when the
 * Home was published again since (https://docs.slack.dev/reference/methods/views.publish, `hash`),
 * so a refresh that lost a race does not overwrite a newer Home; it is dropped.
 */
export async function publishHome(deps: SlackDeps, client: WebClient, teamId: string, userId: string, options: { hash?: string | undefined } = {}): Promise<void> {
  const now = deps.now();
  const everyWatch = deps.config.adminUserIds.has(userId);
  const [usage, budget, recent, digests, { timeZone, lang }, watches] = await Promise.all([
    deps.ledger.usage(teamId, now),
    deps.budgets.state({ teamId, userId }, now),
    deps.history.recent(teamId, userId, now, RECENT_LOOKUPS),
    deps.digests.list(teamId),
    profileOf(deps, client, teamId, userId),
    deps.watches.list(teamId),
  ]);
  const shown = everyWatch ? watches : watches.filter((watch) => watch.createdBy === userId);
  const view = renderHome({
    userId,
    now,
    timeZone,
    lang,
    demo: deps.config.demo,
    prices: deps.prices,
    usage,
    budget,
    recent,
    digests: digests.map((digest) => ({ digest, nextRun: deps.digests.nextRun(digest), manageable: mayManage(deps, userId, digest) })),
    mayAddDigest: mayAdd(deps, userId),
    watches: {
      items: shown.map((watch) => ({ watch, cost: deps.watches.cost(watch), nextRun: deps.watches.nextRun(watch), manageable: mayManage(deps, userId, watch) })),
      everyWatch,
      mayAdd: mayAdd(deps, userId),
    },
  });
  try {
    await client.views.publish({ user_id: userId, view, ...(options.hash ? { hash: options.hash } : {}) });
  } catch (error) {
    if (slackErrorCode(error) !== 'hash_conflict') throw error;
    deps.logger.info({ userId }, 'the App Home was published again meanwhile; this refresh is dropped');
  }
}
