import type { CallResult, DataClient } from '../client/dataClient.js';
import { DIGEST_SOURCE } from '../ledger/ledger.js';
import type { NewFund } from '../operations/newFunds.js';

// The digest's one contact with the operation it is built on: the rest of the digest, and the Slack
// side showing its cost, go through these names.
export type { NewFund } from '../operations/newFunds.js';
export { SALE_STATUS_ANY, SALE_STATUS_SYNONYMS, SALE_STATUS_WORDS } from '../operations/newFunds.js';
export const DIGEST_OPERATION = 'fund-new-list' as const;

/** Which of the new funds a digest posts: those on sale, those no longer on sale, or all. */
export type SaleFilter = 'onsale' | 'offsale' | 'all';

export const DIGEST_PAGE_SIZE = 50;
/** A first run posts the current list; this bounds it (500 funds) however long the list is. */
const MAX_PAGES = 10;

export interface Collected {
  funds: NewFund[];
  coinsSpent: number;
  pagesFetched: number;
  /** Why collecting stopped before the end (a later page failed or passed the budget); what came before is kept. */
  stoppedBy?: unknown;
}

/**
 * The funds this digest has not posted before, newest first. Pages of 50 are fetched until a page
 * holds only known funds (the list is newest first, so nothing new lies beyond it) or the list ends.
 */
export async function collectNewFunds(
  data: DataClient,
  filter: SaleFilter,
  seen: ReadonlySet<string> | undefined,
  context: { teamId: string; channelId: string; digestId: string },
): Promise<Collected> {
  const fresh: NewFund[] = [];
  const inThisRun = new Set<string>();
  let coinsSpent = 0;
  let pagesFetched = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const input: Record<string, string> = { pageNo: String(page), pageSize: String(DIGEST_PAGE_SIZE) };
    if (filter !== 'all') input.saleStatus = filter === 'onsale' ? 'true' : 'false';
    let answer: CallResult<typeof DIGEST_OPERATION>;
    try {
      // The ledger names the digest as the spender: no person asked for this call.
      answer = await data.call(DIGEST_OPERATION, input, {
        teamId: context.teamId,
        channelId: context.channelId,
        source: `${DIGEST_SOURCE}${context.digestId}`,
      });
    } catch (error) {
      // Pages already fetched were paid for: post their funds; the rest stay unseen for next time.
      if (page === 1) throw error;
      return { funds: fresh, coinsSpent, pagesFetched, stoppedBy: error };
    }
    coinsSpent += answer.coinsSpent;
    pagesFetched += 1;
    const funds = answer.result.funds;
    const unseen = funds.filter((fund) => !seen?.has(fund.fundCode) && !inThisRun.has(fund.fundCode));
    for (const fund of unseen) {
      inThisRun.add(fund.fundCode);
      fresh.push(fund);
    }
    const onlyKnown = seen !== undefined && unseen.length === 0;
    if (onlyKnown || !answer.paging?.hasNext || funds.length === 0) break;
  }
  return { funds: fresh, coinsSpent, pagesFetched };
}
