import { BudgetExceededError, UpstreamError, ValidationError, isDataError } from '../../core/errors.js';
import { formatZonedTime } from '../../core/time.js';
import type { Lang, Phrase } from '../../i18n/lang.js';
import { serviceText, truncateMrkdwn } from '../render/mrkdwn.js';
import { StepFailure } from './workflowStep.js';

/** Slack shows the reason to the workflow's owner in a message; a paragraph is enough. */
const REASON_MAX = 600;
const PROBLEMS_SHOWN = 5;

export interface FailureOptions {
  now: number;
  /** Where the budget's reset time is shown. */
  timeZone: string;
  /** The step's words for a wire field named in a validation problem. */
  fieldName: (field: string) => string;
}

/** What the service may have charged for a call that went unanswered. */
function coinsAtRisk(error: UpstreamError): Phrase {
  return error.coinsAtRisk === undefined ? { key: 'workflow.fail.coinsUnknown' } : { key: 'common.coins', values: { count: error.coinsAtRisk } };
}

/** explainError's account of each failure, said as phrases so the workspace reads it in its language. */
function upstreamPhrase(error: UpstreamError): Phrase {
  switch (error.kind) {
    case 'auth':
      return { key: 'workflow.fail.auth' };
    case 'insufficient_balance':
      return { key: 'workflow.fail.insufficientBalance' };
    case 'rate_limited':
      return { key: 'workflow.fail.rateLimited' };
    case 'rejected': {
      const message = error.upstreamMessage?.replace(/[.。]\s*$/, '');
      return message ? { key: 'workflow.fail.rejected', values: { message: serviceText(message, { max: 200, oneLine: true }) } } : { key: 'workflow.fail.rejectedPlain' };
    }
    case 'server':
      return { key: 'workflow.fail.server' };
    case 'timeout':
      return { key: 'workflow.fail.timeout', values: { coins: coinsAtRisk(error) } };
    case 'connection_lost':
      return { key: 'workflow.fail.connectionLost', values: { coins: coinsAtRisk(error) } };
    case 'network':
      return { key: 'workflow.fail.network' };
    case 'malformed':
      return { key: 'workflow.fail.malformed', values: { coins: coinsAtRisk(error) } };
    case 'schema_changed':
      return { key: 'workflow.fail.schemaChanged' };
  }
}

function reasonPhrase(error: unknown, lang: Lang, options: FailureOptions): Phrase {
  if (error instanceof StepFailure) return error.phrase;
  if (error instanceof ValidationError) {
    const lines = error.problems.map((problem) => {
      const text = serviceText(lang.say(problem.phrase ?? problem.message), { max: 200, oneLine: true });
      return problem.field ? lang.t('workflow.fail.problem', { field: options.fieldName(problem.field), problem: text }) : text;
    });
    const shown = lines.slice(0, PROBLEMS_SHOWN).join(lang.t('workflow.fail.problemSeparator'));
    return { key: 'workflow.fail.invalid', values: { problems: shown } };
  }
  if (error instanceof BudgetExceededError) {
    const values = { limit: error.limit, spent: error.spent, needed: error.needed, resetsAt: formatZonedTime(error.resetsAt.getTime(), options.timeZone) };
    return error.scope === 'team' ? { key: 'workflow.fail.budgetTeam', values } : { key: 'workflow.fail.budgetUser', values };
  }
  if (error instanceof UpstreamError) {
    const phrase = upstreamPhrase(error);
    return error.taskNo ? { key: 'workflow.fail.withTaskNo', values: { reason: phrase, taskNo: serviceText(error.taskNo, { max: 100, oneLine: true }) } } : phrase;
  }
  if (isDataError(error) && error.kind === 'budget_unavailable') return { key: 'workflow.fail.budgetUnavailable' };
  if (isDataError(error) && error.kind === 'stopped') return { key: 'workflow.fail.stopped' };
  return { key: 'workflow.fail.unexpected' };
}

/**
 * Why a step failed, in one short paragraph for `functions.completeError`: what went wrong, whether
 * anything was spent, and what to do. Service and input text in it is escaped, as Slack shows it as mrkdwn.
 */
export function failureReason(error: unknown, lang: Lang, options: FailureOptions): string {
  return truncateMrkdwn(lang.say(reasonPhrase(error, lang, options)), REASON_MAX);
}
