import { operations } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { Requester } from '../requester.js';
import type { Responder } from '../responder.js';
import { renderNotice } from '../render/notice.js';
import { operationTitle } from '../render/operationTitle.js';
import { renderUsage } from '../render/usage.js';

function operationTitles(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.values(operations).map((op) => [op.id, operationTitle(op.id, lang)]));
}

/** `/dq usage`: coins today and this month, by operation and by user, and the budgets left. */
export async function showUsage(deps: SlackDeps, requester: Requester, responder: Responder): Promise<void> {
  const { lang, timeZone } = await requester.profile();
  try {
    const now = deps.now();
    const [summary, budget] = await Promise.all([
      deps.ledger.usage(requester.teamId, now),
      deps.budgets.state({ teamId: requester.teamId, userId: requester.userId }, now),
    ]);
    await responder.reply(renderUsage(summary, budget, { now, timeZone, operationTitles: operationTitles(lang), lang }));
  } catch (error) {
    // Usage is read from the ledger and budget counters in the store: a failure here is the store's.
    deps.logger.error({ err: error }, 'usage summary failed');
    await responder.reply(renderNotice(lang.t('usage.storeDown'), lang));
  }
}
