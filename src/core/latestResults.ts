import type { Keyv } from 'keyv';
import type { Locale } from '../i18n/lang.js';
import type { OperationId } from './operations/index.js';
import type { Store } from './store/types.js';

/** What a conversation last answered: the request, and where its pages stand, for the follow-ups on it. */
export interface LatestResult {
  operation: OperationId;
  /** The wire request, as validated (it validates to itself). */
  request: Record<string, unknown>;
  /** The language it was answered in: a follow-up continues in it unless written clearly in another. */
  locale?: Locale;
  /** Where its pages stand; `pageCount` when the service said how many there are (a page past it is refused free). */
  paging?: { page: number; hasNext: boolean; hasPrevious: boolean; pageCount?: number };
}

/**
 * A week: a discussion picked up again days later still follows on from its latest result (the
 * answers behind it are in the cache for a day, SHARE_RETENTION; after that a follow-up pays again,
 * as a Next button would). One small entry per thread, gone when it expires.
 */
const LATEST_RESULT_MS = 7 * 24 * 3_600_000;

/**
 * The latest result of each conversation (a thread, a direct message), by a key its caller makes,
 * in the store: every replica reads what another answered.
 */
export class LatestResults {
  private readonly keyv: Keyv<LatestResult>;

  constructor(store: Store) {
    this.keyv = store.keyv<LatestResult>('conversations');
  }

  async of(key: string): Promise<LatestResult | undefined> {
    return (await this.keyv.get(key)) ?? undefined;
  }

  /** Kept under every key given (a thread's, and a direct message's as a whole). */
  async keep(keys: readonly string[], result: LatestResult): Promise<void> {
    await Promise.all(keys.map((key) => this.keyv.set(key, result, LATEST_RESULT_MS)));
  }
}
