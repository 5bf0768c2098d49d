import type { Store } from './store/types.js';

/** One lookup a person made, whether it cost coins or came from cache. */
export interface Lookup {
  at: number;
  operation: string;
  request: Record<string, unknown>;
  source: 'upstream' | 'cache' | 'shared';
  coins: number;
}

const LOOKBACK_MS = 30 * 86_400_000;
const TRIM_EVERY_MS = 3_600_000;

/** Each user's recent lookups (for the App Home). */
export class LookupHistory {
  /** When each log was last trimmed by this process. */
  private readonly trimmedAt = new Map<string, number>();

  constructor(private readonly store: Store) {}

  async record(teamId: string, userId: string, lookup: Lookup): Promise<void> {
    const log = logName(teamId, userId);
    await this.store.appendLog(log, lookup.at, lookup);
    // Only the last 30 days are ever read; older lookups would only make the store grow. An hourly
    // trim keeps it so without a second write for every lookup.
    if (lookup.at - (this.trimmedAt.get(log) ?? Number.NEGATIVE_INFINITY) < TRIM_EVERY_MS) return;
    this.trimmedAt.set(log, lookup.at);
    await this.store.trimLog(log, lookup.at - LOOKBACK_MS);
  }

  /** The workspace uninstalled: every one of its people's lookups goes (WorkspacePurge). */
  forgetWorkspace(teamId: string): Promise<number> {
    const prefix = logName(teamId, '');
    for (const log of [...this.trimmedAt.keys()]) if (log.startsWith(prefix)) this.trimmedAt.delete(log);
    return this.store.forgetPrefixed(prefix);
  }

  async recent(teamId: string, userId: string, now: number, limit: number): Promise<Lookup[]> {
    const rows = await this.store.readLog<Lookup>(logName(teamId, userId), now - LOOKBACK_MS, now + 1);
    return rows
      .slice(-limit)
      .map((row) => row.entry)
      .reverse();
  }
}

function logName(teamId: string, userId: string): string {
  return `lookups:${teamId}:${userId}`;
}
