import { JobRepository } from '../jobs/jobRepository.js';
import type { Store } from '../store/types.js';
import type { SeenFunds } from './collect.js';
import type { Digest } from './types.js';

const SEEN = 'digest_seen';
/** Enough to recognise a year of new funds; older codes no longer appear in the new-fund list. */
const SEEN_LIMIT = 5000;

/** The stored form: `unfinished` absent in documents from before runs cut short were resumed, and when none was. */
interface SeenDoc {
  codes: string[];
  unfinished?: string[];
}

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

  /** The funds a digest has posted, and those read by runs cut short; undefined before its first run. */
  async seen(id: string): Promise<SeenFunds | undefined> {
    const doc = await this.store.getDoc<SeenDoc>(SEEN, id);
    if (!doc) return undefined;
    return { codes: new Set(doc.codes), ...(doc.unfinished?.length ? { unfinished: new Set(doc.unfinished) } : {}) };
  }

  /** Puts back what was seen before a post that did not happen (`undefined`: nothing yet). */
  async restoreSeen(id: string, previous: SeenFunds | undefined): Promise<void> {
    if (previous === undefined) await this.store.deleteDoc(SEEN, id);
    else await this.store.putDoc(SEEN, id, this.docOf(previous.codes, previous.unfinished));
  }

  /**
   * Adds the codes a run posted (or read); `unfinished`: the codes read by runs cut short that the
   * next run is to read past, none when this run read down to funds known before.
   */
  async markSeen(id: string, codes: Iterable<string>, unfinished?: Iterable<string>): Promise<void> {
    const previous = new Set((await this.seen(id))?.codes);
    for (const code of codes) {
      previous.delete(code);
      previous.add(code);
    }
    await this.store.putDoc(SEEN, id, this.docOf(previous, unfinished));
  }

  private docOf(codes: Iterable<string>, unfinished: Iterable<string> | undefined): SeenDoc {
    const left = unfinished ? [...unfinished].slice(-SEEN_LIMIT) : [];
    return { codes: [...codes].slice(-SEEN_LIMIT), ...(left.length > 0 ? { unfinished: left } : {}) };
  }
}
