import type { CallResult } from '../../core/client/dataClient.js';
import { type AnyOperation, type OperationId, operations } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { WatchCost } from '../../core/watch/cost.js';
import type { Lang } from '../../i18n/lang.js';

// What things cost, in the reader's words: a lookup's price, an answer's charge, a watch's month.

/** Prices come from the one price list, so no screen can disagree with what is charged. */
export function lookupCostText(definition: AnyOperation, prices: Prices, lang: Lang): string {
  const price = prices.priceOf(definition.id as OperationId);
  const coins = lang.t('commands.cost.perLookup', { count: price.coins });
  return price.assumed ? lang.t('commands.cost.assumed', { cost: coins }) : coins;
}

/** What an answer cost, as charged, marked when the price is assumed. */
export function answerCostText(answer: CallResult, prices: Prices, lang: Lang): string {
  const assumed = Object.hasOwn(operations, answer.operation) && prices.priceOf(answer.operation).assumed;
  return lang.t(assumed ? 'answer.footer.assumedCost' : 'answer.footer.cost', { count: answer.cost });
}

/** A watch's cost a check and a month, and its page cap when it has one. */
export function watchCostText(cost: WatchCost, lang: Lang): string {
  const line = lang.t(cost.assumed ? 'watch.cost.assumed' : 'watch.cost.line', {
    perCheck: lang.t('common.coins', { count: cost.perCheck }),
    checks: lang.t('watch.cost.checks', { count: cost.checksPerMonth }),
    perMonth: lang.t('common.coins', { count: cost.perMonth }),
  });
  if (!cost.cap || cost.cap.pages <= 1) return line;
  const cap = lang.t('watch.cost.cap', {
    pages: cost.cap.pages,
    perCheck: lang.t('common.coins', { count: cost.cap.perCheck }),
    perMonth: lang.t('common.coins', { count: cost.cap.perMonth }),
  });
  return lang.t('watch.cost.withCap', { line, cap });
}
