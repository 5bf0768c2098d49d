/** Time as the core sees it; tests pass a fake one so nothing waits for real. */
export interface Clock {
  now(): number;
  /**
   * True when time passes as real time does (the system clock, or real time pinned to another date):
   * the process's event-loop stalls then hold up calls between being counted and reaching the service,
   * and the client must measure them. A virtual clock has none.
   */
  readonly realTime?: boolean;
  /** Resolves after `ms`; rejects with the signal's reason if it is aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Calls `fire` after `ms` unless the returned function is called first: a deadline that guards
   * work in progress. It does not keep the process alive by itself (the work it guards, a request
   * in flight, does).
   */
  timer(ms: number, fire: () => void): () => void;
  /**
   * Calls `fire` every `ms` until the returned function is called: upkeep alongside other work (a
   * lease renewed while its holder lives). It never keeps the process alive, and a virtual clock
   * fires it as its time passes without moving time on for it.
   */
  every(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  realTime: true,
  // By hand rather than timers/promises: every lookup arms and cancels a timeout, and the library's
  // version builds an AbortError (a DOMException) for each cancellation, a tenth of a millisecond a call.
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const cancel = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', cancel, { once: true });
    }),
  timer: (ms, fire) => {
    const timer = setTimeout(fire, Math.max(0, ms)).unref();
    return () => clearTimeout(timer);
  },
  every: (ms, fire) => {
    const interval = setInterval(fire, Math.max(1, ms)).unref();
    return () => clearInterval(interval);
  },
};
