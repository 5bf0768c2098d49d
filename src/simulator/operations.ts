// The operations of the data service, as the simulator sees them. Deliberately independent of the
// client code: if the client misspells a path or picks the wrong envelope, the simulator disagrees.
import { SIMULATED_OPERATIONS } from './handlers/index.js';
import type { SimulatedOperation } from './handlers/types.js';

export type { EnvelopeKind, RateLimit } from './handlers/types.js';

export type OperationId = (typeof SIMULATED_OPERATIONS)[number]['id'];

export const OPERATION_IDS: readonly OperationId[] = SIMULATED_OPERATIONS.map((operation) => operation.id);

export const OPERATION_PROFILES = Object.fromEntries(
  SIMULATED_OPERATIONS.map((operation) => [operation.id, operation]),
) as Record<OperationId, SimulatedOperation<OperationId>>;

export function isOperationId(text: string): text is OperationId {
  return (OPERATION_IDS as readonly string[]).includes(text);
}

/** Accepts a full operation id or the operation's name as typed. */
export function operationFromName(name: string): OperationId | undefined {
  if (isOperationId(name)) return name;
  return OPERATION_IDS.find((id) => OPERATION_PROFILES[id].typedName === name);
}

export function operationFromPath(pathname: string): OperationId | undefined {
  const match = /^\/v1\/([^/]+)$/.exec(pathname);
  return match && isOperationId(match[1]!) ? match[1] : undefined;
}
