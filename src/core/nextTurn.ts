/**
 * Resolves on the event loop's next turn, after the I/O that is waiting now. Work over many saved
 * entries (a list, a scheduler tick) yields with it every few entries, so a request that arrived
 * meanwhile is read and answered rather than held until the work is done.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
