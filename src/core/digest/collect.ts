import type { CallResult, DataClient } from '../client/dataClient.js';
import { UpstreamError } from '../errors.js';
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
export const DIGEST_MAX_PAGES = 10;

/**
 * The funds a digest has posted (or read: a filtered digest counts every fund it read). `unfinished`:
 * those read by runs cut short (a later page failed), beyond which pages went unread.
 */
export interface SeenFunds {
  codes: ReadonlySet<string>;
  unfinished?: ReadonlySet<string>;
}

export interface Collected {
  funds: NewFund[];
  /** What the pages read cost, and what an unreadable page was charged (its code said success). */
  coinsSpent: number;
  /** What a page whose answer never came may have cost: counted as charged, as the ledger counts it. */
  coinsAtRisk: number;
  pagesFetched: number;
  /** Why collecting stopped before the end (a later page failed or passed the budget); what came before is kept. */
  stoppedBy?: unknown;
  /** The page that could not be read, when collecting stopped at one. */
  unreadPage?: { page: number; coinsAtRisk?: number };
  /**
   * Codes to keep as read by a run cut short (this one's and those of earlier ones it did not get
   * past): the next run reads on past them. Absent: the run read down to funds known before.
   */
  unfinished?: string[];
}

/** What a failed call cost: charged for sure (an answer in a shape not known) or perhaps (no answer). */
export function coinsOfFailure(error: unknown): { spent: number; atRisk: number } {
  if (!(error instanceof UpstreamError) || !error.coinsAtRisk) return { spent: 0, atRisk: 0 };
  return error.mayHaveCharged ? { spent: 0, atRisk: error.coinsAtRisk } : { spent: error.coinsAtRisk, atRisk: 0 };
}

/**
 * The funds this digest has not posted before, newest first. Pages of 50 are fetched until a page
 * holds only funds known before (the list is newest first, so nothing new lies beyond it) or the
 * list ends. Funds read by a run cut short do not count as known for that: beyond them lies a page
 * that run never read, which this one reads.
 */
export async function collectNewFunds(
  data: DataClient,
  filter: SaleFilter,
  seen: SeenFunds | undefined,
  context: { teamId: string; channelId: string; digestId: string },
): Promise<Collected> {
  const fresh: NewFund[] = [];
  const read = new Set<string>();
  const knownBefore = (code: string) => seen?.codes.has(code) === true && seen.unfinished?.has(code) !== true;
  let coinsSpent = 0;
  let pagesFetched = 0;
  for (let page = 1; page <= DIGEST_MAX_PAGES; page++) {
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
      // Pages already fetched were paid for: post their funds; the next run reads on past them.
      if (page === 1) throw error;
      const { spent, atRisk } = coinsOfFailure(error);
      const unfinished = [...new Set([...(seen?.unfinished ?? []), ...read])];
      return {
        funds: fresh,
        coinsSpent: coinsSpent + spent,
        coinsAtRisk: atRisk,
        pagesFetched,
        stoppedBy: error,
        unreadPage: { page, ...(atRisk ? { coinsAtRisk: atRisk } : {}) },
        unfinished,
      };
    }
    coinsSpent += answer.coinsSpent;
    pagesFetched += 1;
    const funds = answer.result.funds;
    // A fund met on an earlier page of this run (the list moved on between two pages) is known too.
    const onlyKnown =
      seen !== undefined && funds.every((fund) => knownBefore(fund.fundCode) || read.has(fund.fundCode));
    for (const fund of funds) {
      if (read.has(fund.fundCode)) continue;
      read.add(fund.fundCode);
      if (!seen?.codes.has(fund.fundCode)) fresh.push(fund);
    }
    if (onlyKnown || !answer.paging?.hasNext || funds.length === 0) break;
  }
  return { funds: fresh, coinsSpent, coinsAtRisk: 0, pagesFetched };
}
