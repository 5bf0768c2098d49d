import { randomBytes } from 'node:crypto';
import type { Store } from '../store/types.js';
import type { Digest } from './types.js';

const DIGESTS = 'digests';
const SEEN = 'digest_seen';
/** Enough to recognise a year of new funds; older codes no longer appear in the new-fund list. */
const SEEN_LIMIT = 5000;

/** Digest subscriptions and the fund codes each has posted, in the store (they survive restarts). */
export class DigestRepository {
  constructor(private readonly store: Store) {}

  newId(): string {
    return randomBytes(4).toString('hex');
  }

  async save(digest: Digest): Promise<void> {
    await this.store.putDoc(DIGESTS, digest.id, digest);
  }

  get(id: string): Promise<Digest | undefined> {
    return this.store.getDoc<Digest>(DIGESTS, id);
  }

  async all(): Promise<Digest[]> {
    const rows = await this.store.listDocs<Digest>(DIGESTS);
    return rows.map((row) => row.doc).sort((a, b) => a.createdAt - b.createdAt);
  }

  async ofTeam(teamId: string): Promise<Digest[]> {
    return (await this.all()).filter((digest) => digest.teamId === teamId);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.store.deleteDoc(DIGESTS, id);
    await this.store.deleteDoc(SEEN, id);
    return removed;
  }

  /** Applies a change to the stored digest (re-read first, so concurrent edits of other fields survive). */
  async update(id: string, change: (digest: Digest) => void): Promise<Digest | undefined> {
    const digest = await this.get(id);
    if (!digest) return undefined;
    change(digest);
    await this.save(digest);
    return digest;
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
