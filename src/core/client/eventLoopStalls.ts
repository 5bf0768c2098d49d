import { performance } from 'node:perf_hooks';

/**
 * The longest recent stall of this process's event loop. A call counted against the rate limit here
 * reaches the service later by however long the process was held up in between (a busy machine, a
 * long GC); the window the app counts in must be wider than that, or a late call and an on-time call
 * land in one window at the service. The pacers read this to widen their window while stalls last.
 */
export interface StallReader {
  /** The longest stall, in ms, seen within the last `spanMs` (0 when none was measured). */
  longestWithin(spanMs: number): number;
}

export const noStalls: StallReader = { longestWithin: () => 0 };

/** Seconds of history kept; a one-minute window is the longest the service uses. */
const KEPT_SECONDS = 120;

/** How often the loop is sampled: stalls shorter than this are not seen, and need not be. */
const SAMPLE_MS = 10;

class EventLoopStalls implements StallReader {
  /** Longest stall of each past second, newest last; the second under way is `thisSecond`. */
  private readonly perSecond: number[] = [];
  private thisSecond = 0;

  constructor() {
    // A tick that comes late by more than its interval was held up that long. By hand: Node's
    // monitorEventLoopDelay did not see a 150 ms busy stretch in a trial here.
    let last = performance.now();
    let secondStart = last;
    setInterval(() => {
      const now = performance.now();
      this.thisSecond = Math.max(this.thisSecond, now - last - SAMPLE_MS);
      last = now;
      if (now - secondStart >= 1000) {
        this.perSecond.push(this.thisSecond);
        if (this.perSecond.length > KEPT_SECONDS) this.perSecond.shift();
        this.thisSecond = 0;
        secondStart = now;
      }
    }, SAMPLE_MS).unref();
  }

  longestWithin(spanMs: number): number {
    const seconds = Math.min(this.perSecond.length, Math.ceil(spanMs / 1000));
    return Math.max(this.thisSecond, ...this.perSecond.slice(this.perSecond.length - seconds));
  }
}

let shared: EventLoopStalls | undefined;

/** One monitor per process, started by the first client that asks. */
export function eventLoopStalls(): StallReader {
  shared ??= new EventLoopStalls();
  return shared;
}
