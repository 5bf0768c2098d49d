import type { OperationId } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { encodeQueryValue } from '../payloads/queryValue.js';
import { renderPageLeftCache } from '../render/paging.js';
import type { Responder } from '../reply/responder.js';

/**
 * Why only a fresh cached page will do: a page button that said free (`labelled`), or `previous`
 * written in a conversation (`goingBack`).
 */
export type FreeOnly = 'labelled' | 'goingBack';

/** A page promised free that is no longer cached: offered at its price, never bought unasked. */
export async function offerUncachedPage(
  deps: SlackDeps,
  responder: Responder,
  page: { operation: OperationId; input: Record<string, unknown>; freeOnly: FreeOnly; lang: Lang },
): Promise<void> {
  const { operation, lang } = page;
  const paidValue = encodeQueryValue({ operation, request: page.input, locale: lang.locale });
  const coins = deps.prices.priceOf(operation).coins;
  const why = page.freeOnly === 'labelled' ? 'leftCache' : 'backNotCached';
  await responder
    .reply(renderPageLeftCache(paidValue, coins, lang, why))
    .catch((replyError: unknown) => deps.logger.error({ err: replyError }, 'could not deliver the error reply'));
}
