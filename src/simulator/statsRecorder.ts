// What the simulator saw, for tests and for a benchmark in another process. Counters are kept apart from
// the call log so they stay exact even after the log drops its oldest entries.
import type { RecordedCall, SimulatorStats } from './types.js';

// A long benchmark should not grow memory without bound; counters are unaffected by this cap.
const MAX_RECORDED_CALLS = 10_000;

export class StatsRecorder {
  private calls: RecordedCall[] = [];
  private coinsByKey: Record<string, number> = {};
  private callsByOperation: Record<string, number> = {};
  private successByOperation: Record<string, number> = {};
  private rateLimited = 0;

  record(call: RecordedCall): void {
    this.calls.push(call);
    if (this.calls.length > MAX_RECORDED_CALLS) this.calls.shift();
    increment(this.callsByOperation, call.operation);
    if (call.outcome === 'success') increment(this.successByOperation, call.operation);
    if (call.outcome === 'rate_limited') this.rateLimited++;
  }

  coinsSpent(key: string): number {
    return this.coinsByKey[key] ?? 0;
  }

  charge(key: string, coins: number): void {
    this.coinsByKey[key] = this.coinsSpent(key) + coins;
  }

  snapshot(): SimulatorStats {
    return {
      calls: this.calls.map((call) => ({ ...call })),
      coinsByKey: { ...this.coinsByKey },
      callsByOperation: { ...this.callsByOperation },
      successByOperation: { ...this.successByOperation },
      rateLimited: this.rateLimited,
    };
  }

  reset(): void {
    this.calls = [];
    this.coinsByKey = {};
    this.callsByOperation = {};
    this.successByOperation = {};
    this.rateLimited = 0;
  }
}

function increment(counts: Record<string, number>, name: string): void {
  counts[name] = (counts[name] ?? 0) + 1;
}
