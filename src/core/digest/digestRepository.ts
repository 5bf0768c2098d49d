import { JobRepository } from '../jobs/jobRepository.js';
import type { Store } from '../store/types.js';
import type { Digest } from './types.js';

const SEEN = 'digest_seen';
/** Enough to recognise a year of new funds; older codes no longer appear in the new-fund list. */
const SEEN_LIMIT = 5000;

/** Digest subscriptions and the fund codes each has posted, in the store (they survive restarts). */
export class DigestRepository extends JobRepository<Digest> {
  constructor(store: Store) {
    super(store, 'digests');
  }

  override async remove(id: string): Promise<boolean> {
    const removed = await super.remove(id);
    await this.store.deleteDoc(SEEN, id);
    return removed;
  }

  async seenCodes(id: string): Promise<Set<string> | undefined> {
    const doc = await this.store.getDoc<{ codes: string[] }>(SEEN, id);
    return doc ? new Set(doc.codes) : undefined;
  }

  /** Puts back the codes as they were before a post that did not happen (`undefined`: none yet). */
  async restoreSeen(id: string, previous: Set<string> | undefined): Promise<void> {
    if (previous === undefined) await this.store.deleteDoc(SEEN, id);
    else await this.store.putDoc(SEEN, id, { codes: [...previous] });
  }

  async markSeen(id: string, codes: Iterable<string>): Promise<void> {
    const previous = (await this.seenCodes(id)) ?? new Set<string>();
    for (const code of codes) {
      previous.delete(code);
      previous.add(code);
    }
    await this.store.putDoc(SEEN, id, { codes: [...previous].slice(-SEEN_LIMIT) });
  }
}
