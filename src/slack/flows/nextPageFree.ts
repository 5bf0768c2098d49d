import type { CallResult, DataClient } from '../../core/client/dataClient.js';
import { type AnyOperation, operations } from '../../core/operations/index.js';

/**
 * Whether the next page of an answer is already in the cache, fresh, so its Next button costs
 * nothing: one read of the store through the client's peek, no call to the service. False when
 * there is no next page, and when the store cannot say (the button then names the price, which is
 * the most it can cost).
 */
export async function nextPageFree(data: Pick<DataClient, 'peek'>, answer: CallResult): Promise<boolean> {
  if (!answer.paging?.hasNext || !Object.hasOwn(operations, answer.operation)) return false;
  const definition: AnyOperation = operations[answer.operation];
  if (!definition.withPage) return false;
  try {
    const next = definition.withPage(answer.request, answer.paging.page + 1) as Record<string, unknown>;
    return (await data.peek(answer.operation, next))?.fresh === true;
  } catch {
    return false;
  }
}
