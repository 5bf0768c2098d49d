import { randomBytes } from 'node:crypto';
import type { Store } from '../store/types.js';
import type { Watch } from './types.js';

const WATCHES = 'watches';

/** Watches in the store's documents (they survive restarts; with Redis every replica sees them). */
export class WatchRepository {
  constructor(private readonly store: Store) {}

  newId(): string {
    return randomBytes(4).toString('hex');
  }

  async save(watch: Watch): Promise<void> {
    await this.store.putDoc(WATCHES, watch.id, watch);
  }

  get(id: string): Promise<Watch | undefined> {
    return this.store.getDoc<Watch>(WATCHES, id);
  }

  async all(): Promise<Watch[]> {
    const rows = await this.store.listDocs<Watch>(WATCHES);
    return rows.map((row) => row.doc).sort((a, b) => a.createdAt - b.createdAt);
  }

  async ofTeam(teamId: string): Promise<Watch[]> {
    return (await this.all()).filter((watch) => watch.teamId === teamId);
  }

  remove(id: string): Promise<boolean> {
    return this.store.deleteDoc(WATCHES, id);
  }

  /** Applies a change to the stored watch (re-read first, so concurrent edits of other fields survive). */
  async update(id: string, change: (watch: Watch) => void): Promise<Watch | undefined> {
    const watch = await this.get(id);
    if (!watch) return undefined;
    change(watch);
    await this.save(watch);
    return watch;
  }
}
