import type { Logger } from 'pino';
import { localDate, startOfNextDay } from '../../time/calendar.js';
import { BudgetExceededError, type BudgetScope, BudgetUnavailableError } from '../errors.js';
import type { CounterChange, ReserveOutcome, Store, StoreMarker } from '../store/types.js';

export interface BudgetLimits {
  /** Coins per team per local day; undefined = unlimited. */
  teamDaily?: number;
  userDaily?: number;
  /**
   * Coins per local day for everything charged to the operator's key (DATA_API_KEY): every team
   * without a key of its own (other organisations' included), digests and watches. A workspace's own
   * key is not counted: its owner pays for it.
   */
  keyDaily?: number;
  timeZone: string;
}

/** A workspace's daily budgets, its own or the operator's (undefined = unlimited). */
export interface OwnBudgets {
  teamDaily?: number | undefined;
  userDaily?: number | undefined;
}

/** The budgets a workspace set for itself, where they apply: never above the operator's, who pays. */
export function withinCeiling(ceiling: OwnBudgets, own: OwnBudgets): { teamDaily?: number; userDaily?: number } {
  const lower = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : Math.min(a, b);
  const teamDaily = lower(ceiling.teamDaily, own.teamDaily);
  const userDaily = lower(ceiling.userDaily, own.userDaily);
  return { ...(teamDaily !== undefined ? { teamDaily } : {}), ...(userDaily !== undefined ? { userDaily } : {}) };
}

/** The budgets a workspace set itself (its settings, core/workspaces), by team id. */
export type WorkspaceBudgets = (teamId: string) => Promise<OwnBudgets>;

/** Whether the budgets are closed at `now` because the store lost the day's spending (StoreGuard.budgetsClosed). */
export type BudgetsClosed = (now: number) => { at: number; budgetsClosedUntil: number } | undefined;

/**
 * The store's marker as the store guard holds it (StoreGuard): a reservation passes only while the
 * store still holds it, and one that finds it gone has the guard look at once, so the loss is known
 * (and the budgets closed) before the refusal is said.
 */
export interface MarkerWatch {
  heldMarker(): StoreMarker | undefined;
  check(): Promise<void>;
}

export interface Spender {
  teamId: string;
  userId?: string;
}

export interface Reservation {
  /** Gives the coins back (the call failed, so the service charged nothing). */
  release(): Promise<void>;
}

export interface BudgetSlot {
  spent: number;
  limit?: number;
}

export interface BudgetState {
  team: BudgetSlot;
  user?: BudgetSlot;
  /** Everything charged to the operator's key today, by every team; absent for a workspace that pays with its own key. */
  key?: BudgetSlot;
  resetsAt: Date;
}

interface BudgetCounter {
  scope: BudgetScope;
  key: string;
  limit?: number | undefined;
}

/** The limits that apply to one team's spending: its own budgets within the operator's, and the key's. */
interface TeamLimits {
  teamDaily?: number | undefined;
  userDaily?: number | undefined;
  keyDaily?: number | undefined;
}

interface ReservePlan {
  day: string;
  coins: number;
  limits: TeamLimits;
  teamId: string;
  userId: string | undefined;
  operatorKey: boolean;
  counters: readonly BudgetCounter[];
  items: readonly CounterChange[];
}

const TWO_DAYS_MS = 2 * 86_400_000;

/** A reservation's outcome once the marker was found held: made, or refused by a counter. */
type CounterOutcome = Exclude<ReserveOutcome, { markerGone: true }>;

/** The share of a daily budget past which the person spending is warned, once a day. */
export const WARN_AT_SHARE = 0.8;

/** A daily budget the person has just passed WARN_AT_SHARE of, for the first time today. */
export interface BudgetWarning {
  scope: BudgetScope;
  spent: number;
  limit: number;
  resetsAt: Date;
}

const NOTHING_HELD: Reservation = { release: async () => undefined };

/** Coins reserved on the day's counters, given back at most once. */
class HeldCoins implements Reservation {
  private released = false;

  constructor(
    private readonly store: Store,
    private readonly items: readonly CounterChange[],
    private readonly spender: Spender,
    private readonly logger: Logger | undefined,
  ) {}

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await Promise.all(this.items.map((item) => this.store.adjust(item.key, -item.amount, TWO_DAYS_MS))).catch(
      (error: unknown) => {
        this.logger?.warn(
          { err: error, spender: this.spender },
          'could not give back a budget reservation; the day’s counter stays higher than spent',
        );
      },
    );
  }
}

/**
 * Daily coin budgets. Coins are reserved in the store before a call, in one atomic step for the
 * team and the user, so concurrent calls (even on other replicas) can never overspend; a failed
 * call gives its reservation back.
 */
export class Budgets {
  private lastPlan: ReservePlan | undefined;

  constructor(
    private readonly store: Store,
    private readonly limits: BudgetLimits,
    private readonly logger?: Logger,
    private readonly closed?: BudgetsClosed,
    private readonly markers?: MarkerWatch,
    /** Whether the workspace pays with its own key (its calls then leave the operator's key budget alone). */
    private readonly ownKey: (teamId: string) => Promise<boolean> = async () => false,
    private readonly workspaceBudgets?: WorkspaceBudgets,
  ) {}

  /** The operator's daily budgets: each workspace's ceilings. */
  get ceilings(): OwnBudgets {
    return { teamDaily: this.limits.teamDaily, userDaily: this.limits.userDaily };
  }

  /** Whether the operator set any daily budget (a workspace may set its own besides: limitedFor). */
  get limited(): boolean {
    return isLimited(this.limits);
  }

  /** Whether any daily budget applies to the team's spending, the operator's or its own. */
  async limitedFor(teamId: string): Promise<boolean> {
    return isLimited(await this.limitsFor(teamId));
  }

  /**
   * The team's budgets (its own within the operator's) and the key's. While a workspace's own cannot
   * be read (the store is unreachable), the operator's apply: they are the ceiling of its own.
   */
  private async limitsFor(teamId: string): Promise<TeamLimits> {
    if (!this.workspaceBudgets) return this.limits;
    let own: OwnBudgets;
    try {
      own = await this.workspaceBudgets(teamId);
    } catch (error) {
      this.logger?.warn({ err: error, teamId }, "could not read the workspace's own budgets; the operator's apply");
      return this.limits;
    }
    if (own.teamDaily === undefined && own.userDaily === undefined) return this.limits;
    return { ...withinCeiling(this.limits, own), keyDaily: this.limits.keyDaily };
  }

  /** `payer.operatorKey`: whether the call goes with the operator's key (the client knows; asked otherwise). */
  async reserve(spender: Spender, coins: number, now: number, payer?: { operatorKey: boolean }): Promise<Reservation> {
    const limits = await this.limitsFor(spender.teamId);
    this.throwIfClosed(now, limits);
    const operatorKey = payer ? payer.operatorKey : !(await this.ownKey(spender.teamId));
    const { counters, items } = this.plan(spender, coins, now, limits, operatorKey);
    let outcome: CounterOutcome;
    try {
      outcome = await this.reserveWhileMarked(items, now, limits);
    } catch (error) {
      if (error instanceof BudgetUnavailableError) throw error;
      // A budget that cannot be checked must not be passed: fail closed. Without budgets, carry on.
      if (isLimited(limits)) throw new BudgetUnavailableError({ cause: error });
      this.logger?.warn({ err: error }, 'spend counters unreachable; no budget is set, so the call goes ahead');
      return NOTHING_HELD;
    }
    if (!outcome.ok) {
      const refused = counters[outcome.index]!;
      throw new BudgetExceededError(
        refused.scope,
        refused.limit ?? 0,
        outcome.total,
        coins,
        new Date(startOfNextDay(now, this.limits.timeZone)),
        refused.scope === 'user' ? spender.userId : undefined,
      );
    }
    return new HeldCoins(this.store, items, spender, this.logger);
  }

  /** The day's counters restarted from nothing when the store lost its data: a budget checked against them would pass what was already spent, so none is passed until the day ends. */
  private throwIfClosed(now: number, limits: TeamLimits): void {
    const lost = isLimited(limits) ? this.closed?.(now) : undefined;
    if (lost)
      throw new BudgetUnavailableError({
        recordsLost: {
          at: new Date(lost.at),
          until: new Date(lost.budgetsClosedUntil),
          timeZone: this.limits.timeZone,
        },
      });
  }

  /**
   * Reserves only while the store holds the guard's marker (with budgets set: without them there is
   * nothing to protect). A marker gone has the guard look now: the loss it finds closes the budgets;
   * a marker another replica already replaced (it recorded the loss, an admin reopened spending) is
   * taken up and the reservation made again, once.
   */
  private async reserveWhileMarked(
    items: readonly CounterChange[],
    now: number,
    limits: TeamLimits,
  ): Promise<CounterOutcome> {
    let marker = isLimited(limits) ? this.markers?.heldMarker() : undefined;
    for (let tries = 0; ; tries++) {
      const outcome = await this.store.reserve(items, TWO_DAYS_MS, marker);
      if (outcome.ok || !('markerGone' in outcome)) return outcome;
      await this.markers!.check();
      this.throwIfClosed(now, limits);
      const held = this.markers!.heldMarker();
      if (tries > 0 || !held || held.marker === marker?.marker) throw new BudgetUnavailableError();
      marker = held;
    }
  }

  async state(spender: Spender, now: number): Promise<BudgetState> {
    const counters = this.countersOn(
      localDate(now, this.limits.timeZone),
      spender,
      await this.limitsFor(spender.teamId),
      !(await this.ownKey(spender.teamId)),
    );
    const spent = await Promise.all(counters.map((c) => this.store.counter(c.key)));
    const slots = new Map(
      counters.map((counter, index): [BudgetScope, BudgetSlot] => [
        counter.scope,
        counter.limit === undefined ? { spent: spent[index]! } : { spent: spent[index]!, limit: counter.limit },
      ]),
    );
    const state: BudgetState = {
      team: slots.get('team')!,
      resetsAt: new Date(startOfNextDay(now, this.limits.timeZone)),
    };
    const user = slots.get('user');
    if (user) state.user = user;
    const key = slots.get('key');
    if (key) state.key = key;
    return state;
  }

  get timeZone(): string {
    return this.limits.timeZone;
  }

  /**
   * After a spend: the daily budget (theirs first, then the workspace's) this person has passed 80%
   * of, the first time today they are told (a claim in the store, so replicas tell them once too);
   * undefined when there is nothing new to say.
   */
  async warning(spender: Spender, now: number): Promise<BudgetWarning | undefined> {
    if (!spender.userId || !(await this.limitedFor(spender.teamId))) return undefined;
    const state = await this.state(spender, now);
    for (const [scope, slot] of [
      ['user', state.user],
      ['team', state.team],
    ] as const) {
      if (slot?.limit === undefined || slot.spent < slot.limit * WARN_AT_SHARE) continue;
      const key = `budget-warned:${scope}:${spender.teamId}:${spender.userId}:${localDate(now, this.limits.timeZone)}`;
      if (await this.store.claim(key, 'warned', TWO_DAYS_MS))
        return { scope, spent: slot.spent, limit: slot.limit, resetsAt: state.resetsAt };
    }
    return undefined;
  }

  /**
   * The workspace uninstalled: its people's counters and warnings go (WorkspacePurge). The
   * workspace's own day of spend stays, a billing fact without people, and expires in two days.
   */
  async forgetWorkspace(teamId: string): Promise<number> {
    if (this.lastPlan?.teamId === teamId) this.lastPlan = undefined;
    let forgotten = 0;
    for (const prefix of [`budget:user:${teamId}:`, `budget-warned:user:${teamId}:`, `budget-warned:team:${teamId}:`])
      forgotten += await this.store.forgetPrefixed(prefix);
    return forgotten;
  }

  /**
   * The counters a reservation changes, and by how much. Calls come in runs from one person on one
   * day at one price, so the last plan is reused while those stay the same (its arrays are only read).
   */
  private plan(spender: Spender, coins: number, now: number, limits: TeamLimits, operatorKey: boolean): ReservePlan {
    const day = localDate(now, this.limits.timeZone);
    const last = this.lastPlan;
    if (
      last &&
      last.day === day &&
      last.coins === coins &&
      last.limits.teamDaily === limits.teamDaily &&
      last.limits.userDaily === limits.userDaily &&
      last.teamId === spender.teamId &&
      last.userId === spender.userId &&
      last.operatorKey === operatorKey
    )
      return last;
    const counters = this.countersOn(day, spender, limits, operatorKey);
    const items = counters.map(
      ({ key, limit }): CounterChange => (limit === undefined ? { key, amount: coins } : { key, amount: coins, limit }),
    );
    this.lastPlan = {
      day,
      coins,
      limits,
      teamId: spender.teamId,
      userId: spender.userId,
      operatorKey,
      counters,
      items,
    };
    return this.lastPlan;
  }

  /**
   * The team's, the person's (when one asks) and the operator's key's (when it pays): the key's
   * last, so a refusal names the team's or the person's first.
   */
  private countersOn(day: string, spender: Spender, limits: TeamLimits, operatorKey: boolean): BudgetCounter[] {
    const counters: BudgetCounter[] = [
      { scope: 'team', key: `budget:team:${spender.teamId}:${day}`, limit: limits.teamDaily },
    ];
    if (spender.userId)
      counters.push({
        scope: 'user',
        key: `budget:user:${spender.teamId}:${spender.userId}:${day}`,
        limit: limits.userDaily,
      });
    if (operatorKey) counters.push({ scope: 'key', key: `budget:key:${day}`, limit: limits.keyDaily });
    return counters;
  }
}

function isLimited({ teamDaily, userDaily, keyDaily }: TeamLimits): boolean {
  return teamDaily !== undefined || userDaily !== undefined || keyDaily !== undefined;
}
