import type { KnownBlock } from '@slack/types';
import { UpstreamError, ValidationError } from '../../core/errors.js';
import { explainError } from '../../core/explainError.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, inlineCode, plainText, serviceText } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import type { SlackMessage } from '../reply/slackMessage.js';

export interface ErrorRenderOptions {
  lang: Lang;
  /** The reader's zone, for when a budget resets. */
  timeZone?: string;
  now: number;
  /** A slash-command line that works, e.g. `/dq taxpayer keyword=…`. */
  example?: string;
  /** The name a user typed or saw for a wire field (modal label, command key). */
  fieldLabel?: (field: string) => string;
  /** What the service most likely refused in this request, and what to try, when it refused it. */
  rejectedHint?: string;
  /** What to try instead, said under a request refused before it was sent (ValidationError). */
  invalidHint?: string;
  /** The button value (the query) for "Retry", offered when a call went unanswered. */
  retryValue?: string;
}

const MAX_PROBLEMS = 10;

function problemLines(error: unknown, details: string[], options: ErrorRenderOptions): string[] {
  if (!(error instanceof ValidationError))
    return details.map((detail) => serviceText(detail, { max: 200, oneLine: true }));
  return error.problems.map((problem) => {
    const label = problem.field && !problem.namesItsField ? (options.fieldLabel?.(problem.field) ?? problem.field) : '';
    // A phrase's values may quote what the user typed: the whole line is escaped like service text.
    const message = serviceText(problem.phrase ? options.lang.t(problem.phrase) : problem.message, {
      max: 200,
      oneLine: true,
    });
    return label
      ? options.lang.t('validation.fieldProblem', { field: escapeMrkdwn(label), problem: message })
      : message;
  });
}

/** An example helps only when the request itself was the problem. */
function wantsExample(error: unknown): boolean {
  return error instanceof ValidationError || (error instanceof UpstreamError && error.kind === 'rejected');
}

/**
 * A failure in a few lines: what went wrong (explainError's words), each invalid field by the name the
 * user knows, an example that works, and the service's taskNo for support. Never a stack trace.
 */
export function renderError(error: unknown, options: ErrorRenderOptions): SlackMessage {
  const { lang } = options;
  const explanation = explainError(error, options.now, options.timeZone, lang);
  // The summary can quote the service's own message, so it is escaped like any service text.
  const summary = serviceText(explanation.summary, { max: 500, oneLine: true });
  const problems = problemLines(error, explanation.details, options);
  if (options.rejectedHint && error instanceof UpstreamError && error.kind === 'rejected')
    problems.push(escapeMrkdwn(options.rejectedHint));
  if (options.invalidHint && error instanceof ValidationError) problems.push(escapeMrkdwn(options.invalidHint));
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > shown.length) shown.push(lang.t('errors.more', { count: problems.length - shown.length }));
  const body = [`:warning: ${summary}`, ...shown.map((line) => `• ${line}`)].join('\n');

  const blocks: KnownBlock[] = [sectionBlock(body)];
  const example = options.example?.trim();
  if (example && wantsExample(error))
    blocks.push(
      contextBlock(lang.t('errors.try', { example: inlineCode(serviceText(example, { max: 300, oneLine: true })) })),
    );
  if (options.retryValue && error instanceof UpstreamError && error.mayHaveCharged) {
    const price =
      error.coinsAtRisk === undefined
        ? lang.t('errors.retry')
        : lang.t('errors.retryCosting', { count: error.coinsAtRisk });
    blocks.push({
      type: 'actions',
      block_id: 'dq-keep-retry',
      elements: [{ type: 'button', action_id: ACTION.retry, text: plainText(price), value: options.retryValue }],
    });
  }
  if (explanation.taskNo)
    blocks.push(
      contextBlock(
        lang.t('errors.taskNo', { taskNo: inlineCode(serviceText(explanation.taskNo, { max: 100, oneLine: true })) }),
      ),
    );
  return fitToSlackLimits({ text: summary, blocks }, lang);
}
