import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataClient } from '../client/dataClient.js';
import type { Clock } from '../clock.js';
import { BudgetExceededError, NotCachedError, StoppedError, ValidationError } from '../errors.js';
import type { Spender } from '../ledger/budgets.js';
import { type RateLimit, SUPPLIER_CHECK_OPERATION } from '../operations/index.js';
import type { Prices } from '../operations/prices.js';
import { forgetDocs } from '../store/forgetDocs.js';
import type { Store } from '../store/types.js';
import { type BatchPlan, batchPlan } from './batchPlan.js';
import type { SupplierEntry, SupplierList, UnreadableRow } from './supplierList.js';
import { outcomeOf, type SupplierOutcome } from './supplierOutcome.js';

/** One person's check of a list, as stored: it survives a restart and resumes where it stopped. */
export interface SupplierCheck {
  /** Names this plan, so a Start under an older plan's message cannot start a newer one at another cost. */
  planId: string;
  teamId: string;
  userId: string;
  channelId?: string;
  state: 'planned' | 'running' | 'finished';
  createdAt: number;
  entries: SupplierEntry[];
  unreadable: UnreadableRow[];
  /** By entry, null while it is still to be looked up. */
  outcomes: Array<SupplierOutcome | null>;
  /** The coins the person confirmed at Start: the check never spends more. */
  confirmedCoins: number;
  coinsSpent: number;
  stoppedBy?: 'person' | 'budget';
  /** Stop was pressed where the check does not run (another replica): the one running it stops at its next save. */
  stopRequested?: boolean;
  /** What the Slack side keeps to find its messages again (where the plan and the progress are). */
  surface?: Record<string, string>;
}

/** What the Slack side is told as a check goes: progress no more often than every `PROGRESS_EVERY_MS`, and the end. */
export interface CheckListener {
  progress(check: SupplierCheck): Promise<void>;
  finished(check: SupplierCheck): Promise<void>;
}

export type PlanOutcome =
  | { kind: 'planned'; plan: BatchPlan; check: SupplierCheck }
  | { kind: 'busy'; check: SupplierCheck };

export interface SupplierChecksOptions {
  client: DataClient;
  store: Store;
  prices: Prices;
  clock: Clock;
  logger?: Logger;
  /** Lookups in flight at once; the rate limit sets the pace, this only covers the service's latency. */
  concurrency?: number;
}

/** A person's progress message is edited no more often than this (Slack's rate for chat.update, and readable). */
export const PROGRESS_EVERY_MS = 3000;

/** The check's state is written at least this often, so a restart repeats little (the cache answers what it repeats, free). */
const SAVE_EVERY_MS = 1000;

/** A planned check nobody started is forgotten after this. */
const PLAN_KEPT_MS = 24 * 60 * 60_000;

/** A claim on running a check, renewed as it runs; a process that died frees it after this. */
const CLAIM_TTL_MS = 60_000;

const COLLECTION = 'supplier-checks';

function checkId(spender: Spender & { userId: string }): string {
  return `${spender.teamId}:${spender.userId}`;
}

export function remainingOf(check: SupplierCheck): number {
  return check.outcomes.filter((outcome) => outcome === null).length;
}

/**
 * Checks of whole supplier lists, one per person at a time: planned (costs first, nothing called),
 * then run through the one data client at batch priority, saved as they go, resumed after a restart.
 */
export class SupplierChecks {
  private readonly running = new Map<string, { stop: () => void; done: Promise<void> }>();
  private readonly owner = randomBytes(6).toString('hex');
  private readonly concurrency: number;

  constructor(private readonly options: SupplierChecksOptions) {
    this.concurrency = options.concurrency ?? 8;
  }

  /** The limit the lookups keep to, which sets how long a check takes. */
  get rateLimit(): RateLimit {
    return this.options.client.rateLimitOf(SUPPLIER_CHECK_OPERATION);
  }

  private get cost(): number {
    return this.options.prices.priceOf(SUPPLIER_CHECK_OPERATION).coins;
  }

  async find(spender: Spender & { userId: string }): Promise<SupplierCheck | undefined> {
    return this.options.store.getDoc<SupplierCheck>(COLLECTION, checkId(spender));
  }

  /** Plans a check of `list` for this person; a check of theirs already running keeps them from starting another. */
  async plan(
    list: SupplierList,
    spender: Spender & { userId: string; channelId?: string },
    budgetLeft: number | undefined,
    surface?: Record<string, string>,
  ): Promise<PlanOutcome> {
    const existing = await this.find(spender);
    if (existing?.state === 'running') return { kind: 'busy', check: existing };
    const fresh = await Promise.all(
      list.entries.map((entry) =>
        this.options.client
          .peek(SUPPLIER_CHECK_OPERATION, { keyword: entry.query }, { teamId: spender.teamId })
          .then((peeked) => peeked?.fresh === true)
          .catch(() => false),
      ),
    );
    const cached = fresh.filter(Boolean).length;
    const plan = batchPlan(list, cached, { cost: this.cost, rateLimit: this.rateLimit }, budgetLeft);
    const check: SupplierCheck = {
      planId: randomBytes(6).toString('hex'),
      teamId: spender.teamId,
      userId: spender.userId,
      ...(spender.channelId ? { channelId: spender.channelId } : {}),
      state: 'planned',
      createdAt: this.options.clock.now(),
      entries: list.entries,
      unreadable: list.unreadable,
      outcomes: list.entries.map(() => null),
      confirmedCoins: plan.coins,
      coinsSpent: 0,
      ...(surface ? { surface } : {}),
    };
    await this.options.store.putDoc(COLLECTION, checkId(spender), check);
    return { kind: 'planned', plan, check };
  }

  /** Starts the person's planned check (Start under its plan); undefined when there is none to start (cancelled, replanned, expired, running). */
  async start(
    spender: Spender & { userId: string },
    planId: string,
    surface: Record<string, string>,
    listener: CheckListener,
  ): Promise<SupplierCheck | undefined> {
    const check = await this.find(spender);
    const startable =
      check?.state === 'planned' &&
      check.planId === planId &&
      this.options.clock.now() - check.createdAt <= PLAN_KEPT_MS;
    if (!startable) return undefined;
    check.state = 'running';
    check.surface = { ...check.surface, ...surface };
    await this.options.store.putDoc(COLLECTION, checkId(spender), check);
    if (!(await this.run(check, listener))) return undefined;
    return check;
  }

  /** Forgets a planned check (Cancel); a running one is stopped instead. */
  async cancel(spender: Spender & { userId: string }): Promise<boolean> {
    const check = await this.find(spender);
    if (check?.state !== 'planned') return false;
    return this.options.store.deleteDoc(COLLECTION, checkId(spender));
  }

  /**
   * Stops the person's running check (Stop): what was done is kept and reported. A check running on
   * another replica is asked to stop through its stored record. False when nothing is running.
   */
  async stop(spender: Spender & { userId: string }): Promise<boolean> {
    const running = this.running.get(checkId(spender));
    if (running) {
      running.stop();
      return true;
    }
    const check = await this.find(spender);
    if (check?.state !== 'running') return false;
    await this.options.store.putDoc(COLLECTION, checkId(spender), { ...check, stopRequested: true });
    return true;
  }

  /**
   * The workspace uninstalled: its checks stop here and go, with their claims (WorkspacePurge). One
   * running on another replica finds its record gone at its next save and stops without writing it back.
   */
  async forgetWorkspace(teamId: string): Promise<number> {
    const prefix = `${teamId}:`;
    const theirs = (id: string) => id.startsWith(prefix);
    // Gone first, so a check stopped here finds its record gone too and posts nothing; again after,
    // for a save that read its record just before it went.
    let forgotten = await forgetDocs(this.options.store, COLLECTION, theirs);
    const stopping: Array<Promise<void>> = [];
    for (const [id, running] of this.running)
      if (theirs(id)) {
        running.stop();
        stopping.push(running.done);
      }
    await Promise.all(stopping);
    forgotten += await forgetDocs(this.options.store, COLLECTION, theirs);
    return forgotten + (await this.options.store.forgetPrefixed(`supplier-check:${prefix}`));
  }

  /** Resumes every check that was running when the app last stopped; returns how many. */
  async resume(listenerOf: (check: SupplierCheck) => CheckListener | Promise<CheckListener>): Promise<number> {
    const docs = await this.options.store.listDocs<SupplierCheck>(COLLECTION);
    let resumed = 0;
    for (const { doc } of docs) if (doc.state === 'running' && (await this.run(doc, await listenerOf(doc)))) resumed++;
    return resumed;
  }

  /** Waits for the checks running in this process (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].map((running) => running.done));
  }

  private async run(check: SupplierCheck, listener: CheckListener): Promise<boolean> {
    const id = checkId(check);
    if (this.running.has(id)) return false;
    const { store, clock, logger } = this.options;
    const claimKey = `supplier-check:${id}`;
    // A claim that cannot be checked is not won: two replicas running one check would pay twice.
    if (!(await store.claim(claimKey, this.owner, CLAIM_TTL_MS).catch(() => false))) return false;
    // Held while the check waits behind people's lookups too, not only when it saves.
    const holding = setInterval(
      () => void store.extendClaim(claimKey, this.owner, CLAIM_TTL_MS).catch(() => undefined),
      CLAIM_TTL_MS / 3,
    );
    holding.unref();
    let stopped = false;
    /** Its record went (its workspace uninstalled): nothing of it is written again, nor posted. */
    let forgotten = false;
    let budgetGone = false;
    let lastSaved = clock.now();
    let lastProgress = clock.now();
    let inFlight = 0;
    const save = async () => {
      lastSaved = clock.now();
      if (forgotten) return;
      const stored = await store.getDoc<SupplierCheck>(COLLECTION, id);
      if (!stored) {
        forgotten = true;
        stopped = true;
        return;
      }
      if (stored.stopRequested) {
        stopped = true;
        check.stopRequested = true;
      }
      await store.putDoc(COLLECTION, id, check);
      await store.extendClaim(claimKey, this.owner, CLAIM_TTL_MS).catch(() => undefined);
    };
    const pending = check.outcomes.flatMap((outcome, index) => (outcome === null ? [index] : []));
    const lookUp = async (index: number) => {
      const entry = check.entries[index]!;
      if (stopped) {
        check.outcomes[index] = { kind: 'notChecked', why: 'stopped' };
        return;
      }
      // Past the budget (the day's, or what the person confirmed), only what the cache holds is answered.
      const spendAtMost = check.confirmedCoins - check.coinsSpent - inFlight * this.cost;
      const cacheOnly = budgetGone || spendAtMost < this.cost;
      inFlight++;
      try {
        const answer = await this.options.client.call(
          SUPPLIER_CHECK_OPERATION,
          { keyword: entry.query },
          {
            teamId: check.teamId,
            userId: check.userId,
            ...(check.channelId ? { channelId: check.channelId } : {}),
            source: 'batch',
          },
          { priority: 'batch', confirmed: true, ...(cacheOnly ? { cacheOnly: true } : { spendAtMost }) },
        );
        check.coinsSpent += answer.coinsSpent;
        check.outcomes[index] = outcomeOf(entry, answer.result);
      } catch (error) {
        if (error instanceof BudgetExceededError || error instanceof NotCachedError) {
          if (error instanceof BudgetExceededError) budgetGone = true;
          check.outcomes[index] = { kind: 'notChecked', why: 'budget' };
        } else if (error instanceof StoppedError) {
          // The app is shutting down: left to do, resumed at the next start.
          return;
        } else if (error instanceof ValidationError) {
          check.outcomes[index] = { kind: 'notChecked', why: 'failed' };
        } else {
          logger?.warn({ err: error }, 'a supplier check lookup failed');
          check.outcomes[index] = { kind: 'notChecked', why: 'failed' };
        }
      } finally {
        inFlight--;
      }
      const now = clock.now();
      if (now - lastSaved >= SAVE_EVERY_MS)
        await save().catch((error: unknown) => logger?.warn({ err: error }, 'could not save a supplier check'));
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        await listener
          .progress(check)
          .catch((error: unknown) => logger?.warn({ err: error }, 'could not post a supplier check’s progress'));
      }
    };
    const done = (async () => {
      try {
        let next = 0;
        const worker = async () => {
          while (next < pending.length) await lookUp(pending[next++]!);
        };
        await Promise.all(Array.from({ length: Math.min(this.concurrency, pending.length) }, worker));
        // Shutting down left lookups to do: the state says running, and the next start resumes it.
        if (remainingOf(check) > 0) {
          await save();
          return;
        }
        check.state = 'finished';
        if (stopped) check.stoppedBy = 'person';
        else if (check.outcomes.some((outcome) => outcome?.kind === 'notChecked' && outcome.why === 'budget'))
          check.stoppedBy = 'budget';
        await save();
        if (!forgotten) await listener.finished(check);
      } catch (error) {
        logger?.error({ err: error }, 'a supplier check failed');
      } finally {
        clearInterval(holding);
        this.running.delete(id);
        await store.releaseClaim(claimKey, this.owner).catch(() => undefined);
      }
    })();
    this.running.set(id, {
      stop: () => {
        stopped = true;
      },
      done,
    });
    return true;
  }
}
