import type { WebClient } from '@slack/web-api';
import { monthOf } from '../../core/ledger/ledger.js';
import { slackErrorCode } from '../calls/slackCallPolicy.js';
import type { SlackDeps } from '../deps.js';
import { DIGESTS_PER_HOME_PAGE, renderHome } from '../render/home.js';
import { pageOf, withItems } from '../render/listPages.js';
import { WATCHES_PER_HOME_PAGE } from '../render/watch.js';
import { profileOf } from '../requester/language.js';
import type { Requester } from '../requester/requester.js';
import { dataKeyOnHome } from './dataKeyOnHome.js';
import { jobsHeld } from './digestCommand.js';
import { namedDescriber } from './namedDescriber.js';
import { namedWatchWords } from './namedWatchWords.js';
import { isAdmin, mayManage } from './permissions.js';
import { listItems, runningCostPerMonth } from './watchCommand.js';

const RECENT_LOOKUPS = 8;

/** Which page of the Home's watches and digests to show (the first of each by default). */
/** Whose Home is published: the reader, in the workspace whose rules apply to them. */
export type HomeReader = Pick<Requester, 'teamId' | 'workspaceId' | 'userId' | 'rules'>;

export interface HomePages {
  watches?: number;
  digests?: number;
}

/** The pages in a Previous/Next button's value: `w2d1` (watches page 2, digests page 1). */
export function homePageValue(pages: Required<HomePages>): string {
  return `w${pages.watches}d${pages.digests}`;
}

/** A Previous/Next button's value back into pages; the first pages when it is not one this app made. */
export function readHomePageValue(value: string | undefined): Required<HomePages> {
  const match = /^w(\d{1,6})d(\d{1,6})$/.exec(value ?? '');
  return match ? { watches: Number(match[1]), digests: Number(match[2]) } : { watches: 1, digests: 1 };
}

/**
 * Builds and publishes one user's App Home: spend against budgets, recent lookups, a page of
 * digests and a page of watches (however many are saved, only the shown ones are worked out), search buttons.
 * `hash` is the Home view's hash as the request that asked for this saw it (the app_home_opened
 * event's, a Home button's): Slack refuses the publish with hash_conflict when the Home was
 * published again since (https://docs.slack.dev/reference/methods/views.publish, `hash`), so a
 * refresh that lost a race does not overwrite a newer Home; it is dropped.
 */
export async function publishHome(
  deps: SlackDeps,
  client: WebClient,
  reader: HomeReader,
  options: HomePages & { hash?: string | undefined } = {},
): Promise<void> {
  const { teamId, userId, rules } = reader;
  const pages = options;
  const now = deps.now();
  const [usage, budget, recent, digests, profile, watches, describe, words, held] = await Promise.all([
    deps.ledger.usage(teamId, now),
    deps.budgets.state({ teamId, userId }, now),
    deps.history.recent(teamId, userId, now, RECENT_LOOKUPS),
    deps.digests.list(teamId),
    profileOf(deps, client, teamId, userId, rules.locale),
    deps.watches.list(teamId),
    namedDescriber(deps, teamId),
    namedWatchWords(deps, teamId),
    jobsHeld(deps, teamId),
  ]);
  const { timeZone, lang } = profile;
  // The reader's profile is read above: whether they are an admin takes no other call.
  const person = { userId, rules, profile: async () => profile };
  const admin = await isAdmin(person);
  const everyWatch = admin;
  const shown = everyWatch ? watches : watches.filter((watch) => watch.createdBy === userId);
  // The admins are told: they are the ones who can do something about it.
  const loss = deps.storeGuard?.loss(now);
  const told = loss && admin;
  const budgetsLimited = told ? await deps.budgets.limitedFor(teamId) : false;
  const watchPage = pageOf(shown, pages.watches ?? 1, WATCHES_PER_HOME_PAGE);
  const digestPage = pageOf(digests, pages.digests ?? 1, DIGESTS_PER_HOME_PAGE);
  const [digestsManaged, watchesManaged] = await Promise.all([
    Promise.all(digestPage.items.map((digest) => mayManage(person, digest))),
    Promise.all(watchPage.items.map((watch) => mayManage(person, watch))),
  ]);
  const view = renderHome({
    userId,
    describe,
    now,
    timeZone,
    lang,
    demo: deps.config.demo,
    prices: deps.prices,
    usage,
    budget,
    recent,
    digests: withItems(
      digestPage,
      digestPage.items.map((digest, index) => ({
        digest,
        nextRun: deps.digests.nextRun(digest),
        manageable: digestsManaged[index]!,
      })),
    ),
    digestPageValue: (page) => homePageValue({ watches: watchPage.page, digests: page }),
    mayAddDigest: admin,
    ...(held ? { jobsHeld: held } : {}),
    ...(told
      ? {
          storeLoss: {
            loss,
            budgetsLimited,
            mayReopen: everyWatch && budgetsLimited && !loss.reopened,
          },
        }
      : {}),
    watches: {
      page: withItems(
        watchPage,
        listItems(deps, watchPage.items).map((item, index) => ({ ...item, manageable: watchesManaged[index]! })),
      ),
      totalPerMonth: runningCostPerMonth(deps, shown),
      everyWatch,
      mayAdd: admin,
      pageValue: (page) => homePageValue({ watches: page, digests: digestPage.page }),
      words,
    },
    // The same file /dq usage offers, for the admins: this month by person and operation.
    ...(admin ? { usageCsvMonth: monthOf(now, deps.ledger.timeZone) } : {}),
    // The key section only to admins of their own workspace, who alone may change it (mayChangeKey).
    ...(await dataKeyOnHome(deps, teamId, admin && teamId === reader.workspaceId)),
    // The workspace's settings, for its admins only: they alone may change them.
    ...(admin ? { workspaceSettings: { rules, operator: deps.operatorRules } } : {}),
  });
  try {
    await client.views.publish({ user_id: userId, view, ...(options.hash ? { hash: options.hash } : {}) });
  } catch (error) {
    if (slackErrorCode(error) !== 'hash_conflict') throw error;
    deps.logger.info({ userId }, 'the App Home was published again meanwhile; this refresh is dropped');
  }
}
