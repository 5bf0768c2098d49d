import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { RateLimit } from '../operations/definition.js';
import { LocalSlots } from '../store/localSlots.js';
import type { Store } from '../store/types.js';
import { noStalls, type StallReader } from './eventLoopStalls.js';
import {
  BATCH_RESERVE,
  DEFAULT_SAFETY_MARGIN,
  guardedWindowMs,
  type PacerPriority,
  recentStallMs,
  spacingMs,
} from './pacer.js';

export interface SharedPacingOptions {
  store: Store;
  clock: Clock;
  replicaId: string;
  logger?: Logger;
  /** How often this replica says it is alive (and learns how many replicas there are). */
  heartbeatMs?: number;
  /** Recent stalls of this process, which widen the fleet's window for this replica's starts. */
  stalls?: StallReader;
}

const FLEET_GROUP = 'replicas';

/** The starts of a window batch calls may take, as the one-process pacer counts them. */
function batchCount(limit: RateLimit): number {
  return Math.max(1, Math.floor(limit.count * (1 - BATCH_RESERVE)));
}

/**
 * One rate limit per operation across every replica, kept in the store (Redis, on its clock): a
 * replica first takes the next slot of an evenly spaced schedule (so N replicas together stay at
 * the limit without bursts), then, at the moment it sends, has the start counted in a sliding
 * window shared by the fleet, which never admits more than the limit: a replica whose timer fired
 * late cannot crowd a window at the service. When the store cannot be reached, each replica keeps
 * to its share of the limit — the limit divided by the replicas last seen alive — until it answers.
 *
 * Priority holds across the fleet as in one process: batch calls (a supplier list) take their
 * slots in a schedule of their own, a little wider apart, so a person's lookup on any replica never
 * queues behind slots the batches reserved; and a batch start is admitted only while the fleet's
 * window holds fewer than all but `BATCH_RESERVE` of the limit, so every window keeps room for the
 * lookups whichever replica runs the batch (and however many run at once). The window count, shared
 * by both, still never admits more than the limit.
 */
export class SharedPacing {
  private fleetSize = 1;
  private storeDown = false;
  private readonly local: LocalSlots;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SharedPacingOptions) {
    this.local = new LocalSlots(options.clock);
  }

  /** Starts the heartbeat that tells the other replicas this one exists. */
  start(): void {
    if (this.timer) return;
    const every = this.options.heartbeatMs ?? 10_000;
    const beat = () => {
      this.options.store
        .heartbeat(FLEET_GROUP, this.options.replicaId, every * 3)
        .then((alive) => {
          this.fleetSize = Math.max(1, alive);
        })
        .catch(() => undefined);
    };
    beat();
    this.timer = setInterval(beat, every);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Replicas seen alive at the last heartbeat (1 until there has been one). */
  get replicas(): number {
    return this.fleetSize;
  }

  /** Takes this call's slot in the fleet's schedule of its priority; returns how long to wait for it. */
  reserve(operation: string, limit: RateLimit, priority: PacerPriority = 'interactive'): Promise<number> {
    // The store's schedules count whole milliseconds; the batches' is as much wider as their share is smaller.
    const spacing = spacingMs(limit);
    const interval = Math.ceil(priority === 'batch' ? (spacing * limit.count) / batchCount(limit) : spacing);
    const key = priority === 'batch' ? `${operation}:batch` : operation;
    return this.shared(
      () => this.options.store.reserveSlot(`pace:${key}`, interval),
      () => this.local.reserveSlot(key, interval * this.fleetSize),
    );
  }

  /**
   * At send time: 0 when the start is counted in the fleet's window (send now), else how long to
   * wait before asking again.
   */
  admit(operation: string, limit: RateLimit, priority: PacerPriority = 'interactive'): Promise<number> {
    const windowMs = guardedWindowMs(
      limit,
      DEFAULT_SAFETY_MARGIN,
      recentStallMs(limit, this.options.stalls ?? noStalls),
    );
    // One window for both priorities: a batch start only while it holds fewer than the batches' share.
    const count = priority === 'batch' ? batchCount(limit) : limit.count;
    return this.shared(
      () => this.options.store.admitToWindow(`window:${operation}`, count, windowMs),
      () => this.local.admitToWindow(operation, Math.max(1, Math.floor(count / this.fleetSize)), windowMs),
    );
  }

  private async shared(inStore: () => Promise<number>, alone: () => number): Promise<number> {
    try {
      const wait = await inStore();
      if (this.storeDown) this.options.logger?.info('shared rate limit is back; pacing with the other replicas again');
      this.storeDown = false;
      return wait;
    } catch (error) {
      if (!this.storeDown) {
        this.options.logger?.warn(
          { err: error, replicas: this.fleetSize },
          'shared rate limit unreachable; keeping to this replica’s share of the limit',
        );
      }
      this.storeDown = true;
      return alone();
    }
  }

  /** The service said Retry-After: push the fleet's schedules back by that long, the batches' too (best effort). */
  async pauseFor(operation: string, ms: number): Promise<void> {
    const interval = Math.max(1, Math.ceil(ms));
    await Promise.all(
      [operation, `${operation}:batch`].map((key) =>
        this.options.store.reserveSlot(`pace:${key}`, interval).catch(() => undefined),
      ),
    );
  }
}
