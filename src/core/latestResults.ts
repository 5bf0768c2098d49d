import { createHash, randomUUID } from 'node:crypto';
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
  /** When it was kept: a follow-up on this very result is told from one on the result that replaced it. */
  keptAt?: number;
  /** The asker's workspace: what its uninstall forgets (absent in results kept before it was recorded). */
  teamId?: string;
}

/**
 * A week: a discussion picked up again days later still follows on from its latest result (the
 * answers behind it are in the cache for a day, SHARE_RETENTION; after that a follow-up pays again,
 * as a Next button would). One small entry per thread, gone when it expires.
 */
const LATEST_RESULT_MS = 7 * 24 * 3_600_000;

/** How long, at most, the same follow-up on the same result is answered once (twenty `next` sent at once). */
const SAME_FOLLOW_UP_MS = 5_000;

/**
 * The latest result of each conversation (a thread, a direct message), by a key its caller makes,
 * in the store: every replica reads what another answered.
 */
export class LatestResults {
  private readonly keyv: Keyv<LatestResult>;

  constructor(private readonly store: Store) {
    this.keyv = store.keyv<LatestResult>('conversations');
  }

  async of(key: string): Promise<LatestResult | undefined> {
    return (await this.keyv.get(key)) ?? undefined;
  }

  /**
   * For the first to ask `followUp` (the follow-up as its caller names it, the result it acts on
   * included) in the conversation kept under `key`, what gives its claim up; undefined for the same
   * asked again while the claim holds (a few seconds at most): a short claim in the store, so on
   * every replica the same follow-up is answered once.
   */
  async claimFollowUp(key: string, followUp: string): Promise<(() => Promise<void>) | undefined> {
    const claim = `followUp:${key}:${createHash('sha256').update(followUp).digest('hex').slice(0, 32)}`;
    const owner = randomUUID();
    if (!(await this.store.claim(claim, owner, SAME_FOLLOW_UP_MS))) return undefined;
    return () => this.store.releaseClaim(claim, owner);
  }

  /** Kept under every key given (a thread's, and a direct message's as a whole). */
  async keep(keys: readonly string[], result: LatestResult): Promise<void> {
    await Promise.all(keys.map((key) => this.keyv.set(key, result, LATEST_RESULT_MS)));
  }

  /**
   * The workspace uninstalled: the latest results its people's questions left go (WorkspacePurge).
   * Kept by conversation, not by workspace (a shared channel has one id for both), so every entry
   * is read once to find them.
   */
  async forgetWorkspace(teamId: string): Promise<number> {
    const theirs: string[] = [];
    for await (const [key, result] of this.keyv.iterator!(undefined))
      if ((result as LatestResult | undefined)?.teamId === teamId) theirs.push(key as string);
    let forgotten = 0;
    for (const key of theirs) if (await this.keyv.delete(key)) forgotten++;
    return forgotten;
  }
}
