import { randomBytes } from 'node:crypto';
import type { Store } from '../store/types.js';

/** What every stored job has, whatever its kind. */
export interface StoredJob {
  id: string;
  teamId: string;
  createdAt: number;
}

/**
 * Jobs of one kind (digests, watches) as documents of one collection in the store: they survive
 * restarts, and with Redis every replica sees them. Each kind's repository adds only what is its own.
 */
export class JobRepository<T extends StoredJob> {
  constructor(
    protected readonly store: Store,
    private readonly collection: string,
  ) {}

  newId(): string {
    return randomBytes(4).toString('hex');
  }

  async save(job: T): Promise<void> {
    await this.store.putDoc(this.collection, job.id, job);
  }

  get(id: string): Promise<T | undefined> {
    return this.store.getDoc<T>(this.collection, id);
  }

  /** Oldest first. */
  async all(): Promise<T[]> {
    const rows = await this.store.listDocs<T>(this.collection);
    return rows.map((row) => row.doc).sort((a, b) => a.createdAt - b.createdAt);
  }

  async ofTeam(teamId: string): Promise<T[]> {
    return (await this.all()).filter((job) => job.teamId === teamId);
  }

  remove(id: string): Promise<boolean> {
    return this.store.deleteDoc(this.collection, id);
  }

  /** The workspace uninstalled: its jobs go, with what each kind keeps beside them (remove's). */
  async forgetWorkspace(teamId: string): Promise<number> {
    let forgotten = 0;
    for (const job of await this.ofTeam(teamId)) if (await this.remove(job.id)) forgotten++;
    return forgotten;
  }

  /** Applies a change to the stored job (re-read first, so concurrent edits of other fields survive). */
  async update(id: string, change: (job: T) => void): Promise<T | undefined> {
    const job = await this.get(id);
    if (!job) return undefined;
    change(job);
    await this.save(job);
    return job;
  }
}
