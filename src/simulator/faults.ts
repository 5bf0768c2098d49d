// Deciding which fault, if any, hits a call. One uniform draw is compared against the stacked rates, so
// each kind happens at exactly its own rate (as long as the rates add up to at most 1).
import type { OperationId } from './operations.js';
import type { FaultOptions, OperationFaultOptions } from './types.js';

export type FaultKind = 'timeout' | 'error' | 'rateLimit' | 'malformed' | 'changedField';

export function faultsFor(faults: FaultOptions, operation: OperationId | undefined): OperationFaultOptions {
  const { perOperation, ...shared } = faults;
  const specific = operation ? perOperation?.[operation] : undefined;
  return { ...shared, ...specific };
}

/** The page a request body asks for (`pageNo` or `pageIndex`, as text or a number); page 1 when it names none. */
function pageAsked(body: unknown): number {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const page = Number(fields.pageNo ?? fields.pageIndex ?? 1);
  return Number.isFinite(page) ? page : 1;
}

/** A fault for a call asking `body`; none for a page the faults are not set on (`pages`). */
export function drawFault(faults: OperationFaultOptions, random: () => number, body?: unknown): FaultKind | undefined {
  if (faults.pages && !faults.pages.includes(pageAsked(body))) return undefined;
  const stacked: Array<[FaultKind, number]> = [
    ['timeout', faults.timeoutRate ?? 0],
    ['error', faults.errorRate ?? 0],
    ['rateLimit', faults.rateLimitRate ?? 0],
    ['malformed', faults.malformedRate ?? 0],
    ['changedField', faults.changedFieldRate ?? 0],
  ];
  // Without any rate there is nothing to draw for; the seeded sequence is left to calls that can fault.
  if (stacked.every(([, rate]) => rate <= 0)) return undefined;
  let remaining = random();
  for (const [kind, rate] of stacked) {
    if (remaining < rate) return kind;
    remaining -= rate;
  }
  return undefined;
}

export function drawLatencyMs(faults: OperationFaultOptions, random: () => number): number {
  const latency = faults.latencyMs;
  if (latency === undefined) return 0;
  if (typeof latency === 'number') return latency;
  const [min, max] = latency;
  return min + random() * (max - min);
}
