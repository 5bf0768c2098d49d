import type { Clock } from '../clock.js';
import type { OperationId, RateLimit } from '../operations/index.js';
import type { StallReader } from './eventLoopStalls.js';
import { Pacer } from './pacer.js';

/** Workspace keys' pacers held before the idle ones are looked for and dropped. */
const SWEEP_AT = 64;

/**
 * The pacers of every key, one per key and operation: one key's burst waits in its own queue and
 * never takes another key's turns. The operator's key's pacers live as long as the client; a
 * workspace key's pacer is dropped once it is idle (Pacer.idle), so a thousand workspaces that each
 * called once hold no thousand pacers. Sweeps run when the count of workspace pacers doubles, so
 * they cost nothing per call and the count stays within twice the busy ones.
 */
export class KeyedPacers {
  private readonly pacers = new Map<string, Pacer>();
  private sweepAt = SWEEP_AT;
  /** Of `pacers`, those of workspace keys. */
  private workspaceCount = 0;

  constructor(
    private readonly operatorKeyId: string,
    private readonly clock: Clock,
    private readonly stalls: StallReader,
    private readonly limitOf: (id: OperationId) => RateLimit,
  ) {}

  get(keyId: string, id: OperationId): Pacer {
    const name = `${keyId}:${id}`;
    let pacer = this.pacers.get(name);
    if (!pacer) {
      const workspace = keyId !== this.operatorKeyId;
      if (workspace && this.workspaceCount >= this.sweepAt) this.sweep();
      pacer = new Pacer({ limit: this.limitOf(id), clock: this.clock, stalls: this.stalls });
      this.pacers.set(name, pacer);
      if (workspace) this.workspaceCount += 1;
    }
    return pacer;
  }

  /** Calls of the operation waiting for their turn, under every key. */
  queued(id: OperationId): number {
    let queued = 0;
    for (const [name, pacer] of this.pacers) if (name.endsWith(`:${id}`)) queued += pacer.queued();
    return queued;
  }

  /** Pacers held now (the operator's and the workspaces'), for the tests of memory. */
  get size(): number {
    return this.pacers.size;
  }

  all(): Pacer[] {
    return [...this.pacers.values()];
  }

  private sweep(): void {
    for (const [name, pacer] of this.pacers) {
      if (name.startsWith(`${this.operatorKeyId}:`) || !pacer.idle()) continue;
      this.pacers.delete(name);
      this.workspaceCount -= 1;
    }
    this.sweepAt = Math.max(SWEEP_AT, 2 * this.workspaceCount);
  }
}
