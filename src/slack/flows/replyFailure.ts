import { BudgetExceededError, UpstreamError } from '../../core/errors.js';
import type { OperationId } from '../../core/operations/index.js';
import { validate } from '../../core/operations/validate.js';
import type { Lang, Locale, Phrase } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { exampleFor, userFieldName } from '../parse/examples.js';
import { encodeQueryValue } from '../payloads/queryValue.js';
import { renderError } from '../render/errorMessage.js';
import type { Responder } from '../reply/responder.js';
import type { Requester, RequesterProfile } from '../requester/requester.js';
import { slackOperation } from '../slackOperations/index.js';
import { warnNearBudget } from './budgetWarning.js';

/**
 * A lookup that failed, said in the help's words: what was wrong, an example that works, the field
 * by its shown name, whether anything was charged (with a Retry button when it may have been).
 */
export async function replyFailure(
  deps: SlackDeps,
  requester: Requester,
  responder: Responder,
  failure: {
    operation: OperationId;
    input: Record<string, unknown>;
    error: unknown;
    replace: boolean;
    profile: RequesterProfile;
    /** What to try instead when the request was refused before it was sent. */
    invalidHint?: Phrase | undefined;
  },
): Promise<void> {
  const { operation, error } = failure;
  const { lang, timeZone } = failure.profile;
  const retryValue = retryButtonValue(operation, failure.input, error, lang.locale);
  const refusal = renderError(error, {
    lang,
    now: deps.now(),
    timeZone,
    ...inTheHelpsWords(deps, operation, failure.input, lang),
    ...(retryValue ? { retryValue } : {}),
    ...(failure.invalidHint ? { invalidHint: lang.t(failure.invalidHint) } : {}),
  });
  // A budget refusal names the person's spend: in a thread others read, it is told to them alone.
  const whisper = error instanceof BudgetExceededError ? responder.whisper : undefined;
  await (whisper ? whisper(refusal) : responder.reply(refusal, { replace: failure.replace })).catch(
    (replyError: unknown) => {
      deps.logger.error({ err: replyError }, 'could not deliver the error reply');
    },
  );
  // A call that went unanswered may have been charged: it counts against the budget all the same.
  if (error instanceof UpstreamError && error.coinsAtRisk) await warnNearBudget(deps, requester, responder);
}

/** The operation's example, its fields' shown names and its own hint for an input the service refuses. */
function inTheHelpsWords(deps: SlackDeps, operation: OperationId, input: Record<string, unknown>, lang: Lang) {
  const slack = slackOperation(operation);
  const rejected = slack.syntax.rejectedHint?.(input);
  // A demo's refusal says what the simulator knows, as its empty answers do: a real name finds nothing there.
  const demoNote = deps.config.demo ? slack.syntax.demoNote : undefined;
  const rejectedHint =
    rejected &&
    (demoNote
      ? lang.t('charts.nextSentence', { first: lang.t(rejected), second: lang.t(demoNote) })
      : lang.t(rejected));
  return {
    example: exampleFor(slack.syntax, lang),
    fieldLabel: (field: string) => userFieldName(slack.syntax, field, lang),
    ...(rejectedHint ? { rejectedHint } : {}),
  };
}

/**
 * The query again, for the Retry button under a call that went unanswered (and may have been
 * charged), said in the language of the failure it is under (`locale`), as its answer will be.
 */
function retryButtonValue(
  operation: OperationId,
  input: Record<string, unknown>,
  error: unknown,
  locale: Locale,
): string | undefined {
  if (!(error instanceof UpstreamError && error.mayHaveCharged)) return undefined;
  try {
    return encodeQueryValue({ operation, request: validate(operation, input), locale });
  } catch {
    return undefined;
  }
}
