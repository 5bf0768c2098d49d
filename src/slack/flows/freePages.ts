import type { CallResult, DataClient } from '../../core/client/dataClient.js';
import { type AnyOperation, operations } from '../../core/operations/index.js';
import { isPastTheEnd } from '../render/paging.js';

/** Which of an answer's page buttons cost nothing: their page is in the cache, fresh. */
export interface FreePages {
  next: boolean;
  /** The page Previous brings: the one before, or the last page from past the end. */
  previous: boolean;
}

/**
 * Whether the pages an answer's Next and Previous bring are already in the cache, fresh, so their
 * buttons cost nothing: one read of the store each through the client's peek, no call to the
 * service. False where there is no such page, and where the store cannot say (the button then
 * names the price, which is the most it can cost).
 */
export async function freePages(data: Pick<DataClient, 'peek'>, answer: CallResult): Promise<FreePages> {
  const paging = answer.paging;
  if (!paging || !Object.hasOwn(operations, answer.operation)) return { next: false, previous: false };
  const definition: AnyOperation = operations[answer.operation];
  const cached = async (page: number | undefined): Promise<boolean> => {
    if (page === undefined || !definition.withPage) return false;
    try {
      const request = definition.withPage(answer.request, page) as Record<string, unknown>;
      return (await data.peek(answer.operation, request, { keyId: answer.keyId }))?.fresh === true;
    } catch {
      return false;
    }
  };
  const previousPage = isPastTheEnd(paging) ? paging.pageCount : paging.hasPrevious ? paging.page - 1 : undefined;
  const [next, previous] = await Promise.all([
    cached(paging.hasNext ? paging.page + 1 : undefined),
    cached(previousPage),
  ]);
  return { next, previous };
}
