interface Waiter<T> {
  matches: (entry: T) => boolean;
  resolve: (entry: T) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * An append-only list that tests can wait on. Waiting looks at what already arrived first:
 * the app often finishes its Slack calls before the test gets to ask, and polling would make
 * tests slower and flakier than resolving on the push itself.
 */
export class RecordLog<T> {
  #entries: T[] = [];
  #waiters = new Set<Waiter<T>>();

  all(): T[] {
    return [...this.#entries];
  }

  push(entry: T): void {
    this.#entries.push(entry);
    for (const waiter of this.#waiters) {
      if (!waiter.matches(entry)) continue;
      this.#settle(waiter);
      waiter.resolve(entry);
    }
  }

  /** `explain` is called only on timeout, so it can describe everything that did arrive by then. */
  waitFor(matches: (entry: T) => boolean, timeoutMs: number, explain: () => string): Promise<T> {
    const already = this.#entries.find(matches);
    if (already !== undefined) return Promise.resolve(already);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        matches,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#settle(waiter);
          reject(new Error(`${explain()} (waited ${timeoutMs} ms)`));
        }, timeoutMs),
      };
      this.#waiters.add(waiter);
    });
  }

  clear(): void {
    this.#entries = [];
  }

  /** Used on close, so a test waiting on a stopped fake fails now rather than at its timeout. */
  rejectWaiters(reason: string): void {
    for (const waiter of this.#waiters) {
      this.#settle(waiter);
      waiter.reject(new Error(reason));
    }
  }

  #settle(waiter: Waiter<T>): void {
    clearTimeout(waiter.timer);
    this.#waiters.delete(waiter);
  }
}
