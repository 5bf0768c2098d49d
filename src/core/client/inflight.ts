/** Identical calls made while one is already on its way share that one call (and its cost). */
export class InFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, start: () => Promise<T>): { promise: Promise<T>; shared: boolean } {
    const existing = this.running.get(key);
    if (existing) return { promise: existing as Promise<T>, shared: true };
    const promise = start().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return { promise, shared: false };
  }
}
