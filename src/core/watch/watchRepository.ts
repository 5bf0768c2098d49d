import { JobRepository } from '../jobs/jobRepository.js';
import type { Store } from '../store/types.js';
import type { NoticeIdentity } from './noticeIdentity.js';
import type { Watch } from './types.js';

/**
 * What each saved search has told, beside its watch rather than in it: every scheduler tick reads
 * every watch, and a thousand identities need not come along (newNotices.ts TOLD_KEPT bounds them).
 */
const TOLD = 'watch_told';

/** Watches in the store's documents (they survive restarts; with Redis every replica sees them). */
export class WatchRepository extends JobRepository<Watch> {
  constructor(store: Store) {
    super(store, 'watches');
  }

  override async remove(id: string): Promise<boolean> {
    const removed = await super.remove(id);
    await this.store.deleteDoc(TOLD, id);
    return removed;
  }

  /** The identities a saved search has told and seen, oldest first; none before its first check. */
  async told(id: string): Promise<NoticeIdentity[]> {
    return (await this.store.getDoc<{ identities: NoticeIdentity[] }>(TOLD, id))?.identities ?? [];
  }

  async setTold(id: string, identities: readonly NoticeIdentity[]): Promise<void> {
    await this.store.putDoc(TOLD, id, { identities });
  }
}
