import type { Logger } from 'pino';
import {
  localParts,
  startOfDay,
  startOfMonth,
  startOfNextDay,
  startOfNextMonth,
  zonedTime,
} from '../../time/calendar.js';
import { LEDGER_LOG_PREFIX, type LedgerTallyRow, type Store } from '../store/types.js';

/**
 * One upstream call, successful or not. Coins are what the service charged (0 when it refused);
 * a call sent without a readable answer (a timeout) counts its price, marked `unconfirmed`.
 */
export interface LedgerEntry {
  /** The call's own id: an entry written twice (its first write's answer lost) is recorded once where the store can tell. */
  callId?: string;
  at: number;
  operation: string;
  coins: number;
  teamId: string;
  userId?: string;
  channelId?: string;
  taskNo?: string;
  /** 'success' or the failure kind. */
  outcome: string;
  attempt: number;
  durationMs: number;
  source?: string;
  /** Sent, no readable answer: the service may or may not have charged these coins. */
  unconfirmed?: boolean;
  /** Which key paid (dataKeyIdOf: a hash, never the key): the operator's, or the workspace's own. */
  keyId?: string;
}

export interface SpendTally {
  coins: number;
  calls: number;
}

export interface UsagePeriodExtras {
  /** Of `coins`, those in calls that timed out: they may have been charged. */
  unconfirmedCoins: number;
}

export interface UsagePeriod extends SpendTally, UsagePeriodExtras {
  from: number;
  to: number;
  byOperation: Record<string, SpendTally>;
  byUser: Record<string, SpendTally>;
}

export interface UsageSummary {
  teamId: string;
  timeZone: string;
  today: UsagePeriod;
  month: UsagePeriod;
}

/** A calendar month, in the ledger's time zone: 2026-10 is `{ year: 2026, month: 10 }`. */
export interface LedgerMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** What one spender spent on one operation in a month. */
export interface SpendRow extends SpendTally, UsagePeriodExtras {
  /** A user id, `digest:<id>`, or `unknown` (as in UsagePeriod.byUser). */
  spender: string;
  operation: string;
}

/** One month's spending: its totals (by operation and by spender), and each spender's by operation. */
export interface MonthUsage {
  teamId: string;
  timeZone: string;
  month: LedgerMonth;
  period: UsagePeriod;
  /** Biggest spender first, and within a spender the biggest operation first. */
  rows: SpendRow[];
}

/** `2026-10`: how a month is written in a file name or a button value. */
export function monthText(month: LedgerMonth): string {
  return `${month.year}-${String(month.month).padStart(2, '0')}`;
}

/** The month `monthsAgo` months before the one `now` is in (0: this month), in the zone. */
export function monthOf(now: number, timeZone: string, monthsAgo = 0): LedgerMonth {
  const p = localParts(now, timeZone);
  const index = p.year * 12 + (p.month - 1) - monthsAgo;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Calls a digest made are recorded with this source, then the digest's id. */
export const DIGEST_SOURCE = 'digest:';

/** Who spent: the user, or `digest:<id>` for a digest's calls (no person asked), or `unknown`. */
function spenderOf(entry: LedgerEntry): string {
  if (entry.userId) return entry.userId;
  return entry.source?.startsWith(DIGEST_SOURCE) ? entry.source : 'unknown';
}

/** The rows of one spender, or all of them. */
function spentBy(rows: LedgerTallyRow[], spender: string | undefined): LedgerTallyRow[] {
  return spender === undefined ? rows : rows.filter((row) => row.spender === spender);
}

/** The entries summed by spender and operation (what PostgreSQL's Store.tallyLedger does in the database). */
function tallyRows(entries: readonly LedgerEntry[]): LedgerTallyRow[] {
  const rows = new Map<string, LedgerTallyRow>();
  for (const entry of entries) {
    const spender = spenderOf(entry);
    const key = `${spender}\u0000${entry.operation}`;
    let row = rows.get(key);
    if (!row) {
      row = { spender, operation: entry.operation, coins: 0, calls: 0, unconfirmedCoins: 0 };
      rows.set(key, row);
    }
    row.coins += entry.coins;
    row.calls += 1;
    if (entry.unconfirmed) row.unconfirmedCoins += entry.coins;
  }
  return [...rows.values()];
}

function periodOf(rows: readonly LedgerTallyRow[], from: number, to: number): UsagePeriod {
  const period: UsagePeriod = { from, to, coins: 0, calls: 0, unconfirmedCoins: 0, byOperation: {}, byUser: {} };
  for (const row of rows) {
    period.coins += row.coins;
    period.calls += row.calls;
    period.unconfirmedCoins += row.unconfirmedCoins;
    for (const [group, key] of [
      [period.byOperation, row.operation],
      [period.byUser, row.spender],
    ] as const) {
      group[key] ??= { coins: 0, calls: 0 };
      const slot = group[key];
      slot.coins += row.coins;
      slot.calls += row.calls;
    }
  }
  return period;
}

/** What one team spent on the service key today and this month (`/dq usage`, for the other teams on the key). */
export interface TeamSpend {
  teamId: string;
  today: SpendTally;
  month: SpendTally;
}

/**
 * What a workspace's ledger keeps once it is uninstalled: when, which operation, how many coins,
 * whose workspace, which key paid (its id, a hash), and whether the call was charged — never who
 * asked, where, or what.
 */
export const BILLING_FIELDS = [
  'callId',
  'at',
  'operation',
  'coins',
  'teamId',
  'keyId',
  'outcome',
  'unconfirmed',
] as const;

/** One document per team that ever spent on the key, so usage can find the others' logs. */
const SPENDING_TEAMS = 'ledger-teams';

/** Entries kept in memory while the store is unreachable; beyond this the oldest are logged and dropped. */
const MAX_PENDING = 10_000;

/**
 * The coin ledger: every upstream call, per team, kept in the store. When the store cannot take an
 * entry, it waits in memory and is written as soon as the store answers again, so a call the service
 * charged is never missing from the ledger because Redis was briefly away.
 */
export class Ledger {
  private readonly pending: LedgerEntry[] = [];
  private flushing: Promise<void> | undefined;
  /** Entries being written now (record's callers need not wait for them). */
  private readonly writing = new Set<Promise<void>>();
  /** `team:day` this process has written its team document on (again each day: a store may have lost it). */
  private readonly teamsNoted = new Set<string>();

  constructor(
    private readonly store: Store,
    readonly timeZone: string,
    private readonly logger?: Logger,
  ) {
    // The entries kept while the store was away are written as soon as it is back, not at the next call.
    store.onReconnect?.(() => void this.writePending().catch(() => undefined));
  }

  /**
   * Writes the entry; a caller need not wait (a reply goes out without waiting for the database's
   * commit): every read of this ledger, flush() and so the client's close wait for the writes under way.
   */
  record(entry: LedgerEntry): Promise<void> {
    const write = this.write(entry);
    this.writing.add(write);
    const done = () => void this.writing.delete(write);
    write.then(done, done);
    return write;
  }

  private async write(entry: LedgerEntry): Promise<void> {
    await this.noteTeam(entry.teamId, entry.at);
    // Nothing waiting ahead of it (the usual case): written straight away, and kept for later only if that fails.
    if (this.pending.length === 0 && !this.flushing) {
      try {
        await this.store.appendLog(logName(entry.teamId), entry.at, entry);
      } catch (error) {
        if (this.pending.length === 0)
          this.logger?.warn({ err: error }, 'ledger store unreachable; keeping entries in memory until it answers');
        this.keep(entry);
      }
      return;
    }
    this.keep(entry);
    await this.writePending();
  }

  /** Until the writes this process has under way are done (written, or kept for later). */
  private async writesDone(): Promise<void> {
    while (this.writing.size > 0) await Promise.allSettled([...this.writing]);
  }

  /** The team among those that spent on the key; best effort (usage would miss only its line), tried again next time. */
  private async noteTeam(teamId: string, at: number): Promise<void> {
    const noted = `${teamId}:${startOfDay(at, this.timeZone)}`;
    if (this.teamsNoted.has(noted)) return;
    try {
      await this.store.putDoc(SPENDING_TEAMS, teamId, { teamId });
      if (this.teamsNoted.size >= 10_000) this.teamsNoted.clear();
      this.teamsNoted.add(noted);
    } catch (error) {
      this.logger?.debug({ err: error }, 'could not note the team among those spending on the key');
    }
  }

  private keep(entry: LedgerEntry): void {
    this.pending.push(entry);
    if (this.pending.length > MAX_PENDING)
      this.logger?.error({ ledgerEntry: this.pending.shift() }, 'ledger backlog full; entry dropped');
  }

  /** Waits for the writes under way, then writes the entries still waiting; stops at the first failure and keeps the rest for later. */
  async flush(): Promise<void> {
    await this.writesDone();
    await this.writePending();
  }

  private async writePending(): Promise<void> {
    // One writer at a time: two loops over the same queue would both write its first entry. A
    // caller arriving while one drains waits for it, then drains what is left itself.
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const next = this.pending[0]!;
      try {
        await this.store.appendLog(logName(next.teamId), next.at, next);
      } catch (error) {
        if (this.pending.length === 1)
          this.logger?.warn({ err: error }, 'ledger store unreachable; keeping entries in memory until it answers');
        return;
      }
      this.pending.shift();
    }
  }

  /**
   * The workspace uninstalled: its entries keep only their billing facts (BILLING_FIELDS), those
   * waiting in memory too; how many were rewritten (WorkspacePurge).
   */
  async forgetWorkspace(teamId: string): Promise<number> {
    let waiting = 0;
    this.pending.forEach((entry, index) => {
      if (entry.teamId !== teamId) return;
      this.pending[index] = billingFacts(entry);
      waiting++;
    });
    await this.writesDone();
    return waiting + (await this.store.redactLog(logName(teamId), BILLING_FIELDS));
  }

  /** Entries not yet in the store. */
  get unwritten(): number {
    return this.pending.length;
  }

  /** The entries not yet in the store, for a last record of them when the store never came back. */
  unwrittenEntries(): readonly LedgerEntry[] {
    return [...this.pending];
  }

  async entries(teamId: string, fromMs: number, toMs: number): Promise<LedgerEntry[]> {
    await this.writesDone();
    const rows = await this.store.readLog<LedgerEntry>(logName(teamId), fromMs, toMs);
    return rows.map((row) => row.entry);
  }

  /**
   * Coins and calls today and this month (local to the ledger's time zone), by operation and by user;
   * with `spender`, only what that one spent.
   */
  async usage(teamId: string, now: number, spender?: string): Promise<UsageSummary> {
    const monthStart = startOfMonth(now, this.timeZone);
    const monthEnd = startOfNextMonth(now, this.timeZone);
    const dayStart = startOfDay(now, this.timeZone);
    const dayEnd = startOfNextDay(now, this.timeZone);
    let month: LedgerTallyRow[];
    let today: LedgerTallyRow[];
    await this.writesDone();
    if (this.store.tallyLedger) {
      [month, today] = await Promise.all([
        this.store.tallyLedger(teamId, monthStart, monthEnd, this.timeZone),
        this.store.tallyLedger(teamId, dayStart, dayEnd, this.timeZone),
      ]);
    } else {
      // One read of the month serves both: the day lies within it.
      const entries = await this.entries(teamId, monthStart, monthEnd);
      month = tallyRows(entries);
      today = tallyRows(entries.filter((entry) => entry.at >= dayStart && entry.at < dayEnd));
    }
    return {
      teamId,
      timeZone: this.timeZone,
      today: periodOf(spentBy(today, spender), dayStart, dayEnd),
      month: periodOf(spentBy(month, spender), monthStart, monthEnd),
    };
  }

  /**
   * What every other team spent on the key today and this month (people of other organisations in
   * shared channels are charged to their own team), the biggest spender this month first.
   */
  async otherTeams(teamId: string, now: number): Promise<TeamSpend[]> {
    const teams = (await this.store.listDocs(SPENDING_TEAMS)).map((doc) => doc.id).filter((id) => id !== teamId);
    const usages = await Promise.all(teams.map((team) => this.usage(team, now)));
    return usages
      .filter((usage) => usage.month.calls > 0)
      .map(({ teamId: team, today, month }) => ({
        teamId: team,
        today: { coins: today.coins, calls: today.calls },
        month: { coins: month.coins, calls: month.calls },
      }))
      .sort((a, b) => b.month.coins - a.month.coins || a.teamId.localeCompare(b.teamId));
  }

  /** What a month cost, by spender and operation (`/dq usage 2026-10`, its CSV); with `spender`, only theirs. */
  async monthUsage(teamId: string, month: LedgerMonth, spender?: string): Promise<MonthUsage> {
    const from = zonedTime(month.year, month.month, 1, 0, 0, this.timeZone);
    const to = zonedTime(month.year, month.month + 1, 1, 0, 0, this.timeZone);
    const tallied = spentBy(await this.tally(teamId, from, to), spender);
    const period = periodOf(tallied, from, to);
    const bySpender = new Map<string, SpendRow[]>();
    for (const row of tallied) {
      const rows = bySpender.get(row.spender) ?? [];
      bySpender.set(row.spender, rows);
      rows.push({ ...row });
    }
    const spenders = [...bySpender.keys()].sort(
      (a, b) => period.byUser[b]!.coins - period.byUser[a]!.coins || a.localeCompare(b),
    );
    const rows = spenders.flatMap((spender) =>
      bySpender.get(spender)!.sort((a, b) => b.coins - a.coins || a.operation.localeCompare(b.operation)),
    );
    return { teamId, timeZone: this.timeZone, month, period, rows };
  }

  /** The ledger between fromMs and toMs by spender and operation: summed in the database where the store can. */
  private async tally(teamId: string, fromMs: number, toMs: number): Promise<LedgerTallyRow[]> {
    await this.writesDone();
    if (this.store.tallyLedger) return this.store.tallyLedger(teamId, fromMs, toMs, this.timeZone);
    return tallyRows(await this.entries(teamId, fromMs, toMs));
  }

  /** A user's latest calls, newest first (for the App Home). */
  async recent(
    teamId: string,
    userId: string,
    now: number,
    limit: number,
    lookbackMs = 7 * 86_400_000,
  ): Promise<LedgerEntry[]> {
    const entries = await this.entries(teamId, now - lookbackMs, now + 1);
    return entries
      .filter((e) => e.userId === userId)
      .slice(-limit)
      .reverse();
  }
}

function logName(teamId: string): string {
  return `${LEDGER_LOG_PREFIX}${teamId}`;
}

/** The entry with only its billing facts. */
function billingFacts(entry: LedgerEntry): LedgerEntry {
  const kept: Record<string, unknown> = {};
  for (const field of BILLING_FIELDS) if (entry[field] !== undefined) kept[field] = entry[field];
  return kept as unknown as LedgerEntry;
}
