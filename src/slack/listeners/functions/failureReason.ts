import { ValidationError } from '../../../core/errors.js';
import { explainError } from '../../../core/explainError.js';
import type { Lang } from '../../../i18n/lang.js';
import { serviceText, truncateMrkdwn } from '../../blockKit/mrkdwn.js';
import { StepFailure } from '../../slackOperations/workflowStep.js';

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

/** The reason in words: the step's own, or explainError's (the same words as a lookup's error reply). */
function reasonText(error: unknown, lang: Lang, options: FailureOptions): string {
  if (error instanceof StepFailure) {
    // The lookup was answered (and paid) before the step found nothing to give: say what it cost.
    const spent =
      error.coinsSpent > 0
        ? `${lang.locale === 'zh-CN' ? '' : ' '}${lang.t('workflow.fail.spent', { coins: lang.t('common.coins', { count: error.coinsSpent }) })}`
        : '';
    return `${lang.t(error.phrase)}${spent}`;
  }
  const explanation = explainError(error, options.now, options.timeZone, lang);
  if (error instanceof ValidationError) {
    const lines = error.problems.map((problem) => {
      const text = serviceText(problem.phrase ? lang.t(problem.phrase) : problem.message, { max: 200, oneLine: true });
      return problem.field && !problem.namesItsField
        ? lang.t('workflow.fail.problem', { field: options.fieldName(problem.field), problem: text })
        : text;
    });
    return lang.t('workflow.fail.invalid', {
      summary: explanation.summary,
      problems: lines.slice(0, PROBLEMS_SHOWN).join(lang.t('workflow.fail.problemSeparator')),
    });
  }
  // The summary may quote the service's own message, so it is escaped like any service text.
  // Chinese sentences follow one another without a space.
  const reason = [explanation.summary, ...explanation.details]
    .map((part) => serviceText(part, { max: 300, oneLine: true }))
    .join(lang.locale === 'zh-CN' ? '' : ' ');
  return explanation.taskNo
    ? lang.t('workflow.fail.withTaskNo', {
        reason,
        taskNo: serviceText(explanation.taskNo, { max: 100, oneLine: true }),
      })
    : reason;
}

/**
 * Why a step failed, in one short paragraph for `functions.completeError`: what went wrong, whether
 * anything was spent, and what to do. Service and input text in it is escaped, as Slack shows it as mrkdwn.
 */
export function failureReason(error: unknown, lang: Lang, options: FailureOptions): string {
  return truncateMrkdwn(reasonText(error, lang, options), REASON_MAX);
}
