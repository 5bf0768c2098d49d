import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { RateLimit } from '../operations/definition.js';
import { LocalSlots } from '../store/localSlots.js';
import type { Store } from '../store/types.js';

export interface SharedPacingOptions {
  store: Store;
  clock: Clock;
  replicaId: string;
  logger?: Logger;
  /** How often this replica says it is alive (and learns how many replicas there are). */
  heartbeatMs?: number;
}

const FLEET_GROUP = 'replicas';

/** The even spacing of a limit, a little wider so jitter cannot put N+1 calls in one window. */
export function spacingMs(limit: RateLimit, safetyMargin = 0.02): number {
  return Math.ceil((limit.windowMs / limit.count) * (1 + safetyMargin));
}

/**
 * One rate limit per operation across every replica: before each call a replica takes the next slot
 * of a schedule kept in the store (Redis), so N replicas together stay at the limit, evenly spaced.
 * When the store cannot be reached, each replica keeps to its share of the limit — the limit divided
 * by the number of replicas last seen alive — until the store answers again.
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

  /** Takes this call's slot; returns how long to wait before sending. */
  async reserve(operation: string, limit: RateLimit): Promise<number> {
    const interval = spacingMs(limit);
    try {
      const wait = await this.options.store.reserveSlot(`pace:${operation}`, interval);
      if (this.storeDown) this.options.logger?.info({ operation }, 'shared rate limit is back; pacing with the other replicas again');
      this.storeDown = false;
      return wait;
    } catch (error) {
      if (!this.storeDown) {
        this.options.logger?.warn({ err: error, replicas: this.fleetSize }, 'shared rate limit unreachable; keeping to this replica’s share of the limit');
      }
      this.storeDown = true;
      return this.local.reserveSlot(operation, interval * this.fleetSize);
    }
  }

  /** The service said Retry-After: push the fleet's schedule back by that long (best effort). */
  async pauseFor(operation: string, ms: number): Promise<void> {
    await this.options.store.reserveSlot(`pace:${operation}`, Math.max(1, Math.ceil(ms))).catch(() => undefined);
  }
}
