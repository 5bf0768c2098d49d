import type { Lang } from '../../i18n/lang.js';
import type { ActionsBlock, Button, HomeView, KnownBlock } from '@slack/types';
import type { Digest } from '../../core/digest/types.js';
import type { Lookup } from '../../core/history.js';
import type { BudgetState } from '../../core/ledger/budgets.js';
import type { UsageSummary } from '../../core/ledger/ledger.js';
import { OPERATION_IDS, findOperation, operations } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import { ACTION } from '../ids.js';
import { contextBlock, dividerBlock, headerBlock, labelled, sectionBlock } from './blocks.js';
import { digestLines } from './digestList.js';
import { formatCount, formatZonedTime, plural } from './format.js';
import { escapeMrkdwn, plainText } from './mrkdwn.js';

export interface HomeInput {
  userId: string;
  lang: Lang;
  now: number;
  timeZone: string;
  demo: boolean;
  prices: Prices;
  usage: UsageSummary;
  budget: BudgetState;
  recent: Lookup[];
  digests: Array<{ digest: Digest; nextRun: number | undefined; manageable: boolean }>;
  mayAddDigest: boolean;
}

/** Slack allows 100 blocks in a Home view; digests beyond this many are summarised in one line. */
const MAX_DIGESTS_SHOWN = 20;

function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Button {
  const element: Button = { type: 'button', text: plainText(text), action_id: actionId, value };
  if (style) element.style = style;
  return element;
}

function spent(slot: { spent: number; limit?: number } | undefined, month: number): string {
  const today = slot ? `${formatCount(slot.spent)}${slot.limit !== undefined ? ` of ${formatCount(slot.limit)}` : ''} coins today` : 'no spending today';
  return `${today}\n${formatCount(month)} coins this month`;
}

function lookupLine(lookup: Lookup, timeZone: string): string {
  const definition = findOperation(lookup.operation);
  const what = Object.entries(lookup.request)
    .filter(([key, value]) => !/^page(No|Index|Size)$/.test(key) && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  const cost = lookup.coins > 0 ? `${lookup.coins} coins` : lookup.source === 'cache' ? 'from cache' : 'shared, free';
  return `• ${formatZonedTime(lookup.at, timeZone, { withZone: false })} · ${escapeMrkdwn(definition?.title ?? lookup.operation)} · \`${escapeMrkdwn(what.slice(0, 120))}\` · ${cost}`;
}

/** The App Home: what the data service costs this workspace and this user, recent lookups, digests, and ways to search. */
export function renderHome(input: HomeInput): HomeView {
  const { usage, budget } = input;
  const userMonth = usage.month.byUser[input.userId]?.coins ?? 0;
  const blocks: KnownBlock[] = [
    headerBlock('Financial and company data', 'home-title'),
    sectionBlock(
      `Budgets reset at ${formatZonedTime(budget.resetsAt.getTime(), input.timeZone)}.${input.demo ? ' Running on the simulator: all data is simulated.' : ''}`,
      [labelled('Workspace', spent(budget.team, usage.month.coins)), labelled('You', spent(budget.user, userMonth))],
    ),
    { type: 'actions', block_id: 'dq-home-search', elements: Object.values(operations).map((op) => button(op.title, ACTION.openModal, op.alias)) } satisfies ActionsBlock,
    contextBlock(OPERATION_IDS.map((id) => `${escapeMrkdwn(operations[id].title)}: ${input.prices.priceOf(id).coins} coins${input.prices.priceOf(id).assumed ? ' (assumed)' : ''}`).join(' · ')),
    ...(usage.month.unconfirmedCoins > 0
      ? [contextBlock(`${formatCount(usage.month.unconfirmedCoins)} coins this month in lookups that timed out (may have been charged).`)]
      : []),
    dividerBlock(),
    headerBlock('Your recent lookups', 'home-recent'),
    sectionBlock(input.recent.length ? input.recent.map((lookup) => lookupLine(lookup, input.timeZone)).join('\n') : 'None yet. Try `/dq help` or a button above.'),
    dividerBlock(),
    headerBlock('New-fund digests', 'home-digests'),
  ];
  if (input.digests.length === 0) blocks.push(sectionBlock('No channel has a digest yet.'));
  for (const { digest, nextRun, manageable } of input.digests.slice(0, MAX_DIGESTS_SHOWN)) {
    blocks.push(sectionBlock(digestLines(digest, nextRun)));
    if (manageable) {
      const remove = button('Remove', ACTION.digestRemove, digest.id, 'danger');
      remove.confirm = { title: plainText('Remove this digest?'), text: plainText(`The digest for this channel stops posting. Its history is deleted.`), confirm: plainText('Remove'), deny: plainText('Keep') };
      blocks.push({ type: 'actions', block_id: `dq-home-digest-${digest.id}`, elements: [button('Run now', ACTION.digestRun, digest.id), remove] });
    }
  }
  if (input.digests.length > MAX_DIGESTS_SHOWN) blocks.push(contextBlock(`${plural(input.digests.length - MAX_DIGESTS_SHOWN, 'more digest')} — \`/dq digest list\` in a channel shows its own.`));
  if (input.mayAddDigest) blocks.push({ type: 'actions', block_id: 'dq-home-digest-add', elements: [button('Add a digest', ACTION.digestAdd, 'add', 'primary')] });
  return { type: 'home', blocks };
}
