import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import type { ExportProgress } from './runExport.js';

/** A running export that others may join: its progress as it goes, and its result when done. */
export class ExportJob<T> {
  /** The latest progress, so someone who joins late sees where it is at once. */
  latest: ExportProgress | undefined;
  readonly result: Promise<T>;
  private readonly listeners = new Set<(progress: ExportProgress) => void>();
  private settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };

  constructor(
    readonly key: string,
    /** Who started it (a Slack user id), for "already running, started by …". */
    readonly startedBy: string,
  ) {
    this.result = new Promise<T>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A job nobody joined must not make its own failure an unhandled rejection.
    this.result.catch(() => undefined);
  }

  /** Listens to progress from now on; returns the way to stop listening. */
  onProgress(listener: (progress: ExportProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(progress: ExportProgress): void {
    this.latest = progress;
    for (const listener of this.listeners) listener(progress);
  }

  /** @internal */
  finish(work: Promise<T>): void {
    work.then(this.settle.resolve, this.settle.reject);
  }
}

/** Another process of the app holds the claim on this export. */
export class ExportElsewhereError extends Error {
  constructor() {
    super('an export of this query is running in another process of the app');
    this.name = 'ExportElsewhereError';
  }
}

export type ExportStart<T> = { kind: 'started' | 'joined'; job: ExportJob<T> } | { kind: 'elsewhere' };

/** Long enough for an export of EXPORT_MAX_PAGES pages queued behind a rate limit; a crashed export frees it after this. */
const CLAIM_TTL_MS = 30 * 60_000;

/**
 * One export per query at a time. In this process a second request for the same query joins the
 * running one (same progress, same result, no second charge). Across replicas a claim in the store
 * (SET NX PX) keeps a second replica from paying for the same pages again; it cannot hand over the
 * other replica's file, so its caller is told the export is running elsewhere.
 */
export class ExportJobs {
  private readonly running = new Map<string, ExportJob<unknown>>();
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly store: Store,
    private readonly logger?: Logger,
  ) {}

  /** The export of this key running in this process, if any. */
  find<T>(key: string): ExportJob<T> | undefined {
    return this.running.get(key) as ExportJob<T> | undefined;
  }

  /** How many exports this process is running. */
  get size(): number {
    return this.running.size;
  }

  /**
   * The workspace uninstalled: its exports' claims go (WorkspacePurge). An export running then ends
   * by itself: its file cannot be posted without the workspace's token, and nothing of it is kept.
   */
  forgetWorkspace(teamId: string): Promise<number> {
    return this.store.forgetPrefixed(`export:${teamId}:`);
  }

  /**
   * Runs `work` as the export of `key`, or joins the one already running here. The job is
   * registered before the first await, so two clicks in the same instant make one export.
   */
  async begin<T>(key: string, startedBy: string, work: (job: ExportJob<T>) => Promise<T>): Promise<ExportStart<T>> {
    const existing = this.find<T>(key);
    if (existing) return { kind: 'joined', job: existing };
    const job = new ExportJob<T>(key, startedBy);
    this.running.set(key, job as ExportJob<unknown>);
    const claimKey = `export:${key}`;
    let claimed: boolean;
    try {
      claimed = await this.store.claim(claimKey, this.owner, CLAIM_TTL_MS);
    } catch (error) {
      // Without the store only this process can be kept to one export; better than no export.
      this.logger?.warn({ err: error }, 'could not claim the export in the store; going ahead in this process');
      claimed = true;
    }
    if (!claimed) {
      this.running.delete(key);
      job.finish(Promise.reject(new ExportElsewhereError()));
      return { kind: 'elsewhere' };
    }
    const done = (async () => {
      try {
        return await work(job);
      } finally {
        this.running.delete(key);
        await this.store
          .releaseClaim(claimKey, this.owner)
          .catch((error: unknown) =>
            this.logger?.warn({ err: error }, 'could not release the export claim; it expires by itself'),
          );
      }
    })();
    job.finish(done);
    return { kind: 'started', job };
  }
}
