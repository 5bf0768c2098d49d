import { type CatalogueKey, english, type Lang } from '../i18n/lang.js';
import { dateTimeText } from '../i18n/timeText.js';
import { DEFAULT_TIME_ZONE } from '../time/calendar.js';
import { formatDuration } from './duration.js';
import {
  BudgetExceededError,
  type BudgetScope,
  BudgetUnavailableError,
  isDataError,
  UpstreamError,
  ValidationError,
} from './errors.js';

/** Whose daily budget a refusal names. */
const BUDGET_REFUSALS = {
  team: 'errors.budget.team',
  user: 'errors.budget.user',
  key: 'errors.budget.key',
} as const satisfies Record<BudgetScope, CatalogueKey>;

/** A failure in words for the person who asked: what went wrong, and what they can do. */
export interface Explanation {
  summary: string;
  details: string[];
  /** Whether coins may have been spent (only for failures after the service answered). */
  nothingSpent: boolean;
  taskNo?: string;
}

/** The service decides (and charges) a call before answering, so a call without a readable answer may be paid. */
function mayHaveCharged(error: UpstreamError, lang: Lang): string {
  return error.coinsAtRisk === undefined
    ? lang.t('errors.mayHaveCharged.lookup')
    : lang.t('errors.mayHaveCharged.coins', { coins: error.coinsAtRisk });
}

function upstreamSummary(error: UpstreamError, lang: Lang): string {
  switch (error.kind) {
    case 'timeout':
    case 'connection_lost':
    case 'malformed':
      return lang.t(`errors.upstream.${error.kind}`, { charge: mayHaveCharged(error, lang) });
    case 'auth':
      return lang.t(error.ownKey ? 'errors.upstream.authOwnKey' : 'errors.upstream.auth');
    default:
      return lang.t(`errors.upstream.${error.kind}`);
  }
}

/** In the reader's language (English unless told): what failed, what to do, and whether anything was charged. */
export function explainError(
  error: unknown,
  now: number = Date.now(),
  timeZone = DEFAULT_TIME_ZONE,
  lang: Lang = english,
): Explanation {
  if (error instanceof ValidationError) {
    return {
      summary: lang.t('errors.invalid'),
      details: error.problems.map((p) => {
        const said = p.phrase ? lang.t(p.phrase) : p.message;
        return p.field ? `${p.field} ${said}` : said;
      }),
      nothingSpent: true,
    };
  }
  if (error instanceof BudgetExceededError) {
    const resetsIn = formatDuration(Math.max(0, error.resetsAt.getTime() - now), lang);
    return {
      summary: lang.t(BUDGET_REFUSALS[error.scope], {
        limit: error.limit,
        spent: error.spent,
        needed: error.needed,
      }),
      details: [
        lang.t('errors.budget.resets', { at: dateTimeText(error.resetsAt.getTime(), timeZone, lang), in: resetsIn }),
      ],
      nothingSpent: true,
    };
  }
  if (error instanceof UpstreamError) {
    // HTTP statuses, business codes and the service's own wording are for the log, not the reader.
    const details: string[] = [];
    const explanation: Explanation = {
      summary: upstreamSummary(error, lang),
      details,
      nothingSpent: error.kind !== 'schema_changed' && !error.mayHaveCharged,
    };
    if (error.taskNo) explanation.taskNo = error.taskNo;
    return explanation;
  }
  if (error instanceof BudgetUnavailableError && error.recordsLost) {
    const { at, until, timeZone: budgetZone } = error.recordsLost;
    return {
      summary: lang.t('errors.budgetRecordsLost', {
        at: dateTimeText(at.getTime(), budgetZone, lang),
        until: dateTimeText(until.getTime(), budgetZone, lang),
      }),
      details: [],
      nothingSpent: true,
    };
  }
  if (isDataError(error) && error.kind === 'budget_unavailable')
    return { summary: lang.t('errors.budgetUnavailable'), details: [], nothingSpent: true };
  if (isDataError(error) && error.kind === 'stopped')
    return { summary: lang.t('errors.stopped'), details: [], nothingSpent: true };
  if (isDataError(error) && error.kind === 'not_cached')
    return { summary: lang.t('errors.notCached'), details: [], nothingSpent: true };
  return { summary: lang.t('errors.unexpected'), details: [], nothingSpent: true };
}
