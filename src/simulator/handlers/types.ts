import type { RequestBody } from '../wireFields.js';

export interface HandlerContext {
  /** The simulated time of the request (the `now` option), in epoch milliseconds. */
  nowMs: number;
}

/** Validates the request body (throwing InvalidParameterError) and returns the envelope's `data`. */
export type OperationHandler = (body: RequestBody, context: HandlerContext) => unknown;
