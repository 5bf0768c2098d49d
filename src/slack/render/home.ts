import type { ActionsBlock, Button, HomeView, KnownBlock } from '@slack/types';
import type { Digest } from '../../core/digest/types.js';
import type { Lookup } from '../../core/history.js';
import type { BudgetState } from '../../core/ledger/budgets.js';
import type { LedgerMonth, UsageSummary } from '../../core/ledger/ledger.js';
import { OPERATION_IDS, type OperationId, operations, typedNameOf } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { StoreLoss } from '../../core/store/storeGuard.js';
import type { Lang, Phrase } from '../../i18n/lang.js';
import { contextBlock, dividerBlock, headerBlock, labelled, sectionBlock } from '../blockKit/blocks.js';
import { escapeMrkdwn, plainText, truncatePlain, userMention } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { dataKeyBlocks, type HomeDataKey } from './dataKeyBlocks.js';
import { dateTimeText } from './dateText.js';
import { digestLines, jobsHeldLine } from './digestList.js';
import { type ListPage, listPager } from './listPages.js';
import { operationTitle } from './operationTitle.js';
import type { DescribeRequest } from './types.js';
import { usageCsvButton } from './usage.js';
import { type HomeWatches, homeWatchBlocks } from './watch.js';
import { type HomeWorkspaceSettings, workspaceSettingsBlocks } from './workspaceSettingsHome.js';

export interface HomeInput {
  userId: string;
  /** A recent lookup's request in the reader's words (its operation's own). */
  describe: DescribeRequest;
  lang: Lang;
  now: number;
  timeZone: string;
  demo: boolean;
  prices: Prices;
  usage: UsageSummary;
  budget: BudgetState;
  recent: Lookup[];
  /** The page of digests shown, each with whether this reader may run or remove it. */
  digests: ListPage<HomeDigest>;
  /** The value of a Previous/Next button that shows another page of digests (the watches' page kept). */
  digestPageValue: (page: number) => string;
  mayAddDigest: boolean;
  /** The workspace's digests and watches hold (a refused token refresh, an uninstall): why, said above them. */
  jobsHeld?: Phrase;
  /** The watches section (render/watch.ts); absent: none shown. */
  watches?: HomeWatches;
  /** The store lost its data today: said to the admins (to everyone where there are none). */
  storeLoss?: HomeStoreLoss;
  /** For an admin: the month whose usage by person and operation the Home offers as CSV. */
  usageCsvMonth?: LedgerMonth;
  /** For an admin: whose data-service key the workspace's calls go with (render/dataKeyBlocks.ts). */
  dataKey?: HomeDataKey;
  /** For an admin: the workspace's settings and the button that changes them (workspaceSettingsHome.ts). */
  workspaceSettings?: HomeWorkspaceSettings;
}

export interface HomeStoreLoss {
  loss: StoreLoss;
  /** Whether daily budgets are set (without them nothing is closed). */
  budgetsLimited: boolean;
  /** This reader is an admin and the budgets are still closed: Reopen spending is offered. */
  mayReopen: boolean;
}

/** What the store lost and what it means for spending; Reopen spending for an admin while budgets are closed. */
function storeLossBlocks(notice: HomeStoreLoss, timeZone: string, lang: Lang): KnownBlock[] {
  const { loss } = notice;
  const lines = [lang.t('home.storeLost.lost', { at: dateTimeText(loss.at, timeZone, lang) })];
  if (!notice.budgetsLimited) lines.push(lang.t('home.storeLost.notLimited'));
  else if (loss.reopened)
    lines.push(
      lang.t('home.storeLost.reopened', {
        user: userMention(loss.reopened.by),
        when: dateTimeText(loss.reopened.at, timeZone, lang),
      }),
    );
  else lines.push(lang.t('home.storeLost.closed', { until: dateTimeText(loss.budgetsClosedUntil, timeZone, lang) }));
  const blocks: KnownBlock[] = [sectionBlock(lines.join('\n'))];
  if (notice.mayReopen) {
    const reopen = button(lang.t('home.storeLost.reopen'), ACTION.budgetsReopen, 'reopen', 'danger');
    reopen.confirm = {
      title: plainText(lang.t('home.storeLost.confirmTitle')),
      text: plainText(lang.t('home.storeLost.confirmText')),
      confirm: plainText(lang.t('home.storeLost.reopen')),
      deny: plainText(lang.t('home.storeLost.keep')),
    };
    blocks.push({ type: 'actions', block_id: 'dq-home-store-lost', elements: [reopen] });
  }
  return blocks;
}

export interface HomeDigest {
  digest: Digest;
  nextRun: number | undefined;
  manageable: boolean;
}

/** Digests on one page of the App Home (two blocks each): with the watches' page, well within Slack's 100 blocks a view. */
export const DIGESTS_PER_HOME_PAGE = 10;

function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Button {
  const element: Button = { type: 'button', text: plainText(text), action_id: actionId, value };
  if (style) element.style = style;
  return element;
}

function spent(slot: { spent: number; limit?: number } | undefined, month: number, lang: Lang): string {
  const today = !slot
    ? lang.t('home.spend.none')
    : slot.limit !== undefined
      ? lang.t('home.spend.ofLimit', { spent: slot.spent, limit: slot.limit })
      : lang.t('home.spend.today', { spent: slot.spent });
  return `${today}\n${lang.t('home.spend.month', { coins: month })}`;
}

/** What a stored lookup asked, in the reader's words; nothing for one this version cannot read (stored by another). */
function askedIn(lookup: Lookup, describe: DescribeRequest, lang: Lang): string {
  if (!Object.hasOwn(operations, lookup.operation)) return '';
  const id = lookup.operation as OperationId;
  const request = operations[id].request.safeParse(lookup.request);
  return request.success
    ? truncatePlain(describe(id, request.data as unknown as Record<string, unknown>, lang), 120)
    : '';
}

function lookupLine(lookup: Lookup, describe: DescribeRequest, timeZone: string, lang: Lang): string {
  const what = askedIn(lookup, describe, lang);
  const cost =
    lookup.coins > 0
      ? lang.t('common.coins', { count: lookup.coins })
      : lang.t(lookup.source === 'cache' ? 'home.recent.fromCache' : 'home.recent.shared');
  return [
    `• ${dateTimeText(lookup.at, timeZone, lang, { withZone: false })}`,
    escapeMrkdwn(operationTitle(lookup.operation, lang)),
    ...(what ? [escapeMrkdwn(what)] : []),
    cost,
  ].join(' · ');
}

function priceLine(input: HomeInput): string {
  const { lang } = input;
  return OPERATION_IDS.map((id) => {
    const price = input.prices.priceOf(id);
    return lang.t(price.assumed ? 'home.priceAssumed' : 'home.price', {
      title: escapeMrkdwn(operationTitle(id, lang)),
      coins: price.coins,
    });
  }).join(' · ');
}

/** The App Home, in the reader's language: what the data service costs this workspace and this user, recent lookups, digests, and ways to search. */
export function renderHome(input: HomeInput): HomeView {
  const { usage, budget, lang } = input;
  const userMonth = usage.month.byUser[input.userId]?.coins ?? 0;
  const resets = dateTimeText(budget.resetsAt.getTime(), input.timeZone, lang);
  const blocks: KnownBlock[] = [
    headerBlock(lang.t('home.title'), 'home-title'),
    ...(input.storeLoss ? storeLossBlocks(input.storeLoss, input.timeZone, lang) : []),
    sectionBlock(lang.t(input.demo ? 'home.budgetsResetSimulated' : 'home.budgetsReset', { when: resets }), [
      labelled(lang.t('home.workspace'), spent(budget.team, usage.month.coins, lang)),
      labelled(lang.t('home.you'), spent(budget.user, userMonth, lang)),
    ]),
    {
      type: 'actions',
      block_id: 'dq-home-search',
      elements: Object.values(operations).map((op) =>
        button(operationTitle(op.id, lang), ACTION.openModal, typedNameOf(op)),
      ),
    } satisfies ActionsBlock,
    contextBlock(priceLine(input)),
    ...(usage.month.unconfirmedCoins > 0
      ? [contextBlock(lang.t('home.unconfirmed', { coins: usage.month.unconfirmedCoins }))]
      : []),
    ...(input.usageCsvMonth ? [usageCsvButton(input.usageCsvMonth, lang)] : []),
    dividerBlock(),
    headerBlock(lang.t('home.recent.title'), 'home-recent'),
    sectionBlock(
      input.recent.length
        ? input.recent.map((lookup) => lookupLine(lookup, input.describe, input.timeZone, lang)).join('\n')
        : lang.t('home.recent.none'),
    ),
    dividerBlock(),
    headerBlock(lang.t('home.digests.title'), 'home-digests'),
  ];
  if (input.jobsHeld) blocks.push(sectionBlock(jobsHeldLine(input.jobsHeld, lang)));
  const digests = input.digests;
  if (digests.count === 0) blocks.push(sectionBlock(lang.t('home.digests.none')));
  for (const { digest, nextRun, manageable } of digests.items) {
    blocks.push(sectionBlock(digestLines(digest, nextRun, lang)));
    if (manageable) {
      const remove = button(lang.t('home.digests.remove'), ACTION.digestRemove, digest.id, 'danger');
      remove.confirm = {
        title: plainText(lang.t('home.digests.confirmTitle')),
        text: plainText(lang.t('home.digests.confirmText')),
        confirm: plainText(lang.t('home.digests.remove')),
        deny: plainText(lang.t('home.digests.keep')),
      };
      blocks.push({
        type: 'actions',
        block_id: `dq-home-digest-${digest.id}`,
        elements: [button(lang.t('home.digests.runNow'), ACTION.digestRun, digest.id), remove],
      });
    }
  }
  if (digests.pageCount > 1) {
    blocks.push(
      contextBlock(
        lang.t('home.digests.shown', {
          first: digests.first,
          last: digests.last,
          count: digests.count,
          page: digests.page,
          pageCount: digests.pageCount,
        }),
      ),
    );
    blocks.push(
      listPager(
        'dq-home-digest-pages',
        { previous: ACTION.homePrevious, next: ACTION.homeNext },
        digests,
        input.digestPageValue,
        lang,
      )!,
    );
  }
  if (input.mayAddDigest)
    blocks.push({
      type: 'actions',
      block_id: 'dq-home-digest-add',
      elements: [button(lang.t('home.digests.add'), ACTION.digestAdd, 'add', 'primary')],
    });
  if (input.watches) blocks.push(dividerBlock(), ...homeWatchBlocks(input.watches, lang));
  if (input.dataKey) blocks.push(...dataKeyBlocks(input.dataKey, input.timeZone, lang));
  if (input.workspaceSettings) blocks.push(...workspaceSettingsBlocks(input.workspaceSettings, input.timeZone, lang));
  return { type: 'home', blocks };
}
