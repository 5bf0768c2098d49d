import type { DataChange } from '../dataChanges.js';
import type { RequestBody } from '../wireFields.js';

export interface HandlerContext {
  /** The simulated time of the request (the `now` option), in epoch milliseconds. */
  nowMs: number;
  /** Changes made to the data (the admin endpoint, tests), applied from their own simulated time on. */
  changes?: readonly DataChange[];
}

/** A: `{code, message, data}` with a text code; B: `{code, msg, taskNo, data}` with numeric code 200. */
export type EnvelopeKind = 'A' | 'B';

export interface RateLimit {
  count: number;
  windowMs: number;
}

export type Payload = Record<string, unknown>;

/**
 * One operation as the simulator sees it, all in its handler's file, so that simulating a new
 * operation is that file and a line in handlers/index.ts.
 */
export interface SimulatedOperation<Id extends string = string> {
  id: Id;
  /** The app's name of the operation as typed (new-funds), accepted in SIMULATOR_RATE_LIMITS. */
  typedName: string;
  envelope: EnvelopeKind;
  costInCoins: number;
  defaultRateLimit: RateLimit;
  /** Validates the request body (throwing InvalidParameterError) and returns the envelope's `data`. */
  handle(body: RequestBody, context: HandlerContext): unknown;
  /**
   * The "changed field" fault: the payload with a field its client cannot do without lost or
   * mistyped, as if the provider changed its API unannounced.
   */
  changedField(data: Payload): Payload;
}

/** Keeps the operation's id as its literal type, from which the simulator's OperationId follows. */
export function simulatedOperation<const Id extends string>(operation: SimulatedOperation<Id>): SimulatedOperation<Id> {
  return operation;
}
