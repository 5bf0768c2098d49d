import { formatDuration } from './duration.js';
import { DEFAULT_TIME_ZONE, formatZonedTime } from './time.js';
import { BudgetExceededError, UpstreamError, ValidationError, isDataError } from './errors.js';

/** A failure in words for the person who asked: what went wrong, and what they can do. */
export interface Explanation {
  summary: string;
  details: string[];
  /** Whether coins may have been spent (only for failures after the service answered). */
  nothingSpent: boolean;
  taskNo?: string;
}

/** The service decides (and charges) a call before answering, so a call without a readable answer may be paid. */
function mayHaveCharged(error: UpstreamError): string {
  const coins = error.coinsAtRisk === undefined ? 'the lookup' : `${error.coinsAtRisk} coins`;
  return `It may still have charged ${coins}, so it was not retried automatically.`;
}

function upstreamSummary(error: UpstreamError): string {
  switch (error.kind) {
    case 'auth':
      return 'The data service refused our API key, so nothing was charged. An admin needs to check DATA_API_KEY.';
    case 'insufficient_balance':
      return 'The data-service account has run out of coins, so nothing was charged. An admin needs to top it up.';
    case 'rate_limited':
      return 'The data service is at its rate limit and stayed busy through our retries; nothing was charged. Try again in a minute.';
    case 'rejected':
      return `The data service rejected the request${error.upstreamMessage ? `: ${error.upstreamMessage.replace(/[.。]\s*$/, '')}` : ''}. Nothing was charged.`;
    case 'server':
      return 'The data service had an internal error, also on retry; nothing was charged. Try again in a few minutes.';
    case 'timeout':
      return `The data service did not answer in time. ${mayHaveCharged(error)}`;
    case 'connection_lost':
      return `The connection to the data service broke before its answer came. ${mayHaveCharged(error)}`;
    case 'network':
      return 'The data service could not be reached, so nothing was sent or charged. Try again in a few minutes.';
    case 'malformed':
      return `The data service sent an answer that could not be read. ${mayHaveCharged(error)}`;
    case 'schema_changed':
      return 'The data service answered in a format this app does not know yet; it has been logged for the maintainers.';
  }
}

export function explainError(error: unknown, now: number = Date.now(), timeZone = DEFAULT_TIME_ZONE): Explanation {
  if (error instanceof ValidationError) {
    return { summary: 'That request is not valid, so nothing was sent or spent.', details: error.problems.map((p) => (p.field ? `${p.field} ${p.message}` : p.message)), nothingSpent: true };
  }
  if (error instanceof BudgetExceededError) {
    const who = error.scope === 'team' ? "The workspace's" : 'Your';
    const resetsIn = formatDuration(Math.max(0, error.resetsAt.getTime() - now));
    return {
      summary: `${who} daily budget of ${error.limit} coins would be exceeded (${error.spent} spent today, this lookup costs ${error.needed}). Nothing was spent.`,
      details: [`The budget resets at ${formatZonedTime(error.resetsAt.getTime(), timeZone)}, in ${resetsIn}.`],
      nothingSpent: true,
    };
  }
  if (error instanceof UpstreamError) {
    const details: string[] = [];
    const codes = [error.httpStatus !== undefined ? `HTTP ${error.httpStatus}` : '', error.businessCode !== undefined ? `code ${String(error.businessCode)}` : ''].filter(Boolean);
    if (codes.length) details.push(codes.join(', '));
    const explanation: Explanation = { summary: upstreamSummary(error), details, nothingSpent: error.kind !== 'schema_changed' && !error.mayHaveCharged };
    if (error.taskNo) explanation.taskNo = error.taskNo;
    return explanation;
  }
  if (isDataError(error) && error.kind === 'budget_unavailable') {
    return { summary: 'The coin budgets cannot be checked right now (the shared store is unreachable), so nothing was sent or spent. Try again in a minute.', details: [], nothingSpent: true };
  }
  if (isDataError(error) && error.kind === 'stopped') {
    return { summary: 'The app is restarting, so this lookup was not sent and nothing was charged. Try again in a minute.', details: [], nothingSpent: true };
  }
  if (isDataError(error) && error.kind === 'not_cached') {
    return { summary: 'That result is no longer cached, so it cannot be shared without paying again. Run the search again.', details: [], nothingSpent: true };
  }
  return { summary: 'Something went wrong on our side; it has been logged.', details: [], nothingSpent: true };
}
