// Fault settings arrive from code, from the admin endpoint and from the environment; a typo such as
// `errorrate` would otherwise silently inject nothing, so unknown fields and out-of-range rates are refused.
import { z } from 'zod';
import { OPERATION_IDS } from './operations.js';
import type { FaultOptions } from './types.js';

const rate = z.number().min(0).max(1);
const latency = z.union([
  z.number().nonnegative(),
  z
    .tuple([z.number().nonnegative(), z.number().nonnegative()])
    .refine(([min, max]) => min <= max, 'latency min must not exceed max'),
]);

const operationFaultsSchema = z.strictObject({
  latencyMs: latency.optional(),
  errorRate: rate.optional(),
  timeoutRate: rate.optional(),
  malformedRate: rate.optional(),
  changedFieldRate: rate.optional(),
  rateLimitRate: rate.optional(),
  businessErrorWithHttp200: z.boolean().optional(),
  pages: z.array(z.number().int().positive()).min(1).optional(),
});

const faultOptionsSchema = operationFaultsSchema.extend({
  perOperation: z.partialRecord(z.enum(OPERATION_IDS), operationFaultsSchema).optional(),
});

export function parseFaultOptions(input: unknown): FaultOptions {
  const result = faultOptionsSchema.safeParse(input);
  if (!result.success) throw new Error(`invalid fault options: ${z.prettifyError(result.error)}`);
  return result.data as FaultOptions;
}
