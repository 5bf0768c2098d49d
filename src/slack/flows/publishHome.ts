import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { profileOf } from '../middleware/whoIsAsking.js';
import { renderHome } from '../render/home.js';
import { isAdmin, mayAdd, mayManage } from './permissions.js';
import { monthOf } from '../../core/ledger/ledger.js';

const RECENT_LOOKUPS = 8;

/** Builds and publishes one user's App Home: spend against budgets, recent lookups, digests, search buttons. */
export async function publishHome(deps: SlackDeps, client: WebClient, teamId: string, userId: string): Promise<void> {
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
    // The same file /dq usage offers, for the admins: this month by person and operation.
    ...(isAdmin(deps, userId) ? { usageCsvMonth: monthOf(now, deps.ledger.timeZone) } : {}),
  });
  await client.views.publish({ user_id: userId, view });
}
