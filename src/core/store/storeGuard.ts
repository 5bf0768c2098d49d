import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { startOfNextDay } from '../../time/calendar.js';
import type { Clock } from '../clock.js';
import type { Store, StoreMarker } from './types.js';

/** A store found emptied (its marker gone or replaced): when, and what it means for spending. */
export interface StoreLoss {
  /** When it was found (by this process or another replica). */
  at: number;
  /**
   * The end of that budget day (BUDGET_TZ): until then budgets fail closed, since the record of what
   * was spent before the loss is gone and a budget checked against nothing would pass.
   */
  budgetsClosedUntil: number;
  /** An admin chose to spend again before then, knowing the day's earlier spending is not counted. */
  reopened?: { by: string; at: number };
}

/** The one document the guard keeps: the store's marker, and the last loss found with the marker it replaced. */
interface HealthDoc {
  marker: string;
  createdAt: number;
  loss?: StoreLoss & { lostMarker: string };
}

export interface StoreGuardOptions {
  store: Store;
  clock: Clock;
  /** BUDGET_TZ: a loss closes the budgets until the end of its budget day. */
  budgetTimeZone: string;
  logger?: Logger;
  /** How often the marker is looked at besides every reconnect; 30 s by default. */
  checkEveryMs?: number;
}

const COLLECTION = 'store';
const HEALTH = 'health';
const DEFAULT_CHECK_EVERY_MS = 30_000;
/** The claim that makes one replica the one to record a loss; long enough for every replica's next check. */
const RECORD_CLAIM_MS = 86_400_000;

/**
 * Notices a store that lost its data while the app runs: Redis restarted without persistence, a
 * failover to an empty replica, FLUSHDB. A marker is written once; every reconnect and every
 * `checkEveryMs` it is read back, and a marker gone (or replaced by another) is a loss. Then the app
 * says so out loud (an error log line, `onLoss` for the metrics, `loss` for /readyz and the admins'
 * Home) and budgets fail closed for the rest of that budget day, unless an admin reopens them. One
 * replica records the loss in the store (a claim on the lost marker); the others adopt its record, and
 * a process started later reads it too.
 *
 * What it cannot see: a store emptied while no process ran (then the first process finds no marker,
 * as on a new store, and says so at warn level), and an SQLite file deleted under a running process
 * (which keeps the deleted file open until it restarts).
 */
export class StoreGuard {
  private marker: string | undefined;
  private known: (StoreLoss & { lostMarker?: string }) | undefined;
  private readonly listeners: Array<(loss: StoreLoss) => void> = [];
  private stopChecking: (() => void) | undefined;
  private checking: Promise<void> | undefined;
  private readonly owner = randomBytes(6).toString('hex');

  constructor(private readonly options: StoreGuardOptions) {}

  /** Reads (or writes) the marker now, then looks again every reconnect and every `checkEveryMs`. */
  async start(): Promise<void> {
    await this.check();
    this.options.store.onReconnect?.(() => void this.check());
    this.stopChecking = this.options.clock.every(
      this.options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS,
      () => void this.check(),
    );
  }

  stop(): void {
    this.stopChecking?.();
  }

  /** Told once for each loss this process learns of (its own finding or another replica's). */
  onLoss(listener: (loss: StoreLoss) => void): void {
    this.listeners.push(listener);
  }

  /** The loss this process knows of, while its budget day lasts (for /readyz and the Home). */
  loss(now = this.options.clock.now()): StoreLoss | undefined {
    const known = this.known;
    if (!known || now >= known.budgetsClosedUntil) return undefined;
    const { lostMarker: _marker, ...loss } = known;
    return loss;
  }

  /** The loss that keeps budgets closed at `now`, if any: found today and not reopened by an admin. */
  budgetsClosed(now = this.options.clock.now()): StoreLoss | undefined {
    const loss = this.loss(now);
    return loss && !loss.reopened ? loss : undefined;
  }

  /**
   * The marker this process holds the store to, once read: a budget reservation passes only while
   * the store still holds it (Store.reserve reads it in the same atomic step), so a loss stops the
   * very next paid call rather than waiting for the next look.
   */
  heldMarker(): StoreMarker | undefined {
    return this.marker === undefined ? undefined : { collection: COLLECTION, id: HEALTH, marker: this.marker };
  }

  /** An admin's word: spend again before the budget day ends, its earlier spending not counted. */
  async reopenBudgets(by: string): Promise<void> {
    const { store, clock } = this.options;
    const reopened = { by, at: clock.now() };
    const doc = await store.getDoc<HealthDoc>(COLLECTION, HEALTH);
    if (doc?.loss) await store.putDoc(COLLECTION, HEALTH, { ...doc, loss: { ...doc.loss, reopened } });
    if (this.known) this.known = { ...this.known, reopened };
    this.options.logger?.warn(
      { by },
      "an admin reopened spending after the store lost its data: the budget day's earlier spending is not counted",
    );
  }

  /** One look at the marker; looks already under way are joined, and a store that does not answer is left to the next. */
  check(): Promise<void> {
    this.checking ??= this.look()
      .catch((error: unknown) =>
        this.options.logger?.debug({ err: error }, 'could not read the store marker; looking again later'),
      )
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private async look(): Promise<void> {
    const { store, clock, logger } = this.options;
    const doc = await store.getDoc<HealthDoc>(COLLECTION, HEALTH);
    if (this.marker === undefined) {
      if (doc) {
        this.marker = doc.marker;
        if (doc.loss) this.learn(doc.loss, false);
        return;
      }
      const fresh: HealthDoc = { marker: newMarker(), createdAt: clock.now() };
      await store.putDoc(COLLECTION, HEALTH, fresh);
      this.marker = fresh.marker;
      // An in-process store is new at every start: only a store that outlives the process is worth a word.
      if (store.kind !== 'memory')
        logger?.warn(
          { store: store.description },
          'the store held no marker: a new store, or one that lost its data while no process of the app was running (nothing can tell which); marker written',
        );
      return;
    }
    if (doc?.marker === this.marker) {
      // The same store: an admin's reopening elsewhere is taken over.
      if (doc.loss) this.learn(doc.loss, false);
      return;
    }
    if (doc?.loss?.lostMarker === this.marker) {
      // Another replica found it first and recorded it.
      this.marker = doc.marker;
      this.learn(doc.loss, true);
      return;
    }
    await this.lost(this.marker);
  }

  /** This process found its marker gone: it fails closed at once, and one replica records the loss. */
  private async lost(lostMarker: string): Promise<void> {
    const { store, clock, budgetTimeZone } = this.options;
    const now = clock.now();
    const loss = { at: now, budgetsClosedUntil: startOfNextDay(now, budgetTimeZone), lostMarker };
    this.learn(loss, true);
    const claim = `store-loss:${lostMarker}`;
    // Still this process's when an earlier try claimed it and then could not write the record.
    const recorder =
      (await store.claim(claim, this.owner, RECORD_CLAIM_MS)) ||
      (await store.extendClaim(claim, this.owner, RECORD_CLAIM_MS));
    if (!recorder) return;
    const marker = newMarker();
    await store.putDoc(COLLECTION, HEALTH, { marker, createdAt: now, loss } satisfies HealthDoc);
    this.marker = marker;
  }

  /** Takes a loss in; `found` says it is news to this process (said out loud once per lost marker). */
  private learn(loss: StoreLoss & { lostMarker?: string }, found: boolean): void {
    const news = found && (this.known === undefined || this.known.lostMarker !== loss.lostMarker);
    // A loss recorded by another replica replaces this process's own finding of the same loss.
    this.known = { ...loss, ...(this.known?.reopened && !loss.reopened ? { reopened: this.known.reopened } : {}) };
    if (!news) return;
    const { store, clock, logger } = this.options;
    logger?.error(
      {
        store: store.description,
        lostAt: new Date(loss.at).toISOString(),
        budgetsClosedUntil: new Date(loss.budgetsClosedUntil).toISOString(),
      },
      "THE STORE LOST ITS DATA: its marker is gone. Digests, watches, cached answers and the record of today's spending are gone with it; budgets fail closed until the end of the budget day unless an admin reopens them on the App Home",
    );
    if (clock.now() < loss.budgetsClosedUntil) for (const listener of this.listeners) listener(this.loss()!);
  }
}

function newMarker(): string {
  return randomBytes(8).toString('hex');
}
