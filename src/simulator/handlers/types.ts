import type { DataChange } from '../dataChanges.js';
import type { RequestBody } from '../wireFields.js';

export interface HandlerContext {
  /** The simulated time of the request (the `now` option), in epoch milliseconds. */
  nowMs: number;
  /** Changes made to the data (the admin endpoint, tests), applied from their own simulated time on. */
  changes?: readonly DataChange[];
}

/** Validates the request body (throwing InvalidParameterError) and returns the envelope's `data`. */
export type OperationHandler = (body: RequestBody, context: HandlerContext) => unknown;
