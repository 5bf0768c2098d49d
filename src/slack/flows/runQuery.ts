import type { CallContext, CallOptions, CallResult } from '../../core/client/dataClient.js';
import { NotCachedError, ValidationError } from '../../core/errors.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Lang, Locale, Phrase } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { RecordQuestion } from '../parse/plainWords.js';
import { renderNotice } from '../render/notice.js';
import { operationTitle } from '../render/operationTitle.js';
import type { Responder } from '../reply/responder.js';
import { type Requester, type RequesterProfile, speaking } from '../requester/requester.js';
import { slackOperation } from '../slackOperations/index.js';
import type { SlackOperation } from '../slackOperations/slackOperation.js';
import { answerMessage } from './answerMessage.js';
import { warnNearBudget } from './budgetWarning.js';
import { attachChartFile } from './chartFile.js';
import { deliverAnswer } from './deliverAnswer.js';
import { type FreeOnly, offerUncachedPage } from './offerUncachedPage.js';
import { type QueuedNotice, queuedNotice } from './queuedNotice.js';
import { replyFailure } from './replyFailure.js';
import { shareAnswer } from './shareAnswer.js';

export interface QueryRun {
  operation: OperationId;
  input: Record<string, unknown>;
  /** Replace the message the request came from (paging) instead of adding one. */
  replace?: boolean;
  /** Only from cache, never a new charge (sharing). */
  cacheOnly?: boolean;
  /** Post visibly in the conversation, attributed to the requester (sharing). */
  share?: boolean;
  /** Re-runs a request of an earlier answer (its buttons): the "are you sure?" questions were settled then. */
  confirmed?: boolean;
  /** The language of the reply whose button this is: the page it brings continues in it. */
  locale?: Locale;
  /** Only a fresh cached page will do; one not there is offered at its price, not bought (offerUncachedPage). */
  freeOnly?: FreeOnly;
  /** Told of the answer once it is out (a conversation keeps it as its thread's latest result, for follow-ups). */
  onAnswer?: (answer: CallResult, lang: Lang, teamId: string) => Promise<void>;
  /** Told what is asked and whether it is free once answered from the cache or reserved, before it is sent (a conversation's status line); see CallOptions. */
  beforeSending?: CallOptions['beforeSending'];
  /** The yes/no question the message asked of the record (是一般纳税人吗): the answer says it first. */
  asks?: RecordQuestion;
  /** What to try instead, said under a refusal of the input before anything is sent (a fund's name not known). */
  invalidHint?: Phrase;
}

/**
 * One lookup from request to reply: validate (a bad request costs nothing), tell the user when the
 * rate limit will make them wait, call through the client, render, reply. Every failure becomes one
 * short message; nothing escapes as an exception.
 */
export async function runQuery(deps: SlackDeps, asker: Requester, run: QueryRun, responder: Responder): Promise<void> {
  const { operation } = run;
  const requester = run.locale ? speaking(asker, run.locale) : asker;
  const profile = await requester.profile();
  const slack = slackOperation(operation);
  // Before anything is asked of the service: a share needs a conversation to post in.
  if (run.share && !responder.share) {
    await responder.reply(renderNotice(profile.lang.t('answer.nowhereToShare'), profile.lang));
    return;
  }
  const queued = queuedNotice(deps, responder, {
    title: operationTitle(operation, profile.lang),
    lang: profile.lang,
    replace: run.replace ?? false,
  });
  try {
    const answer = await deps.data.call(operation, run.input, callContext(requester), callOptions(run, queued));
    await queued.settled();
    if (run.share) {
      await shareAnswer(deps, responder, answer, slack, {
        userId: requester.userId,
        timeZone: profile.timeZone,
        rules: requester.rules,
      });
      return;
    }
    await replyWithAnswer(deps, requester, responder, answer, { run, slack, profile, replace: queued.replace });
  } catch (error) {
    if (!(error instanceof ValidationError))
      deps.logger.warn({ err: error, operation, teamId: requester.teamId }, 'lookup failed');
    await queued.settled();
    const { input, freeOnly } = run;
    if (error instanceof NotCachedError && freeOnly)
      return await offerUncachedPage(deps, responder, { operation, input, freeOnly, lang: profile.lang });
    await replyFailure(deps, requester, responder, {
      operation,
      input,
      error,
      profile,
      replace: queued.replace,
      invalidHint: run.invalidHint,
    });
  } finally {
    await queued.finish();
  }
}

function callContext(requester: Requester): CallContext {
  const context: CallContext = { teamId: requester.teamId, userId: requester.userId, source: 'slack' };
  if (requester.channelId) context.channelId = requester.channelId;
  return context;
}

function callOptions(run: QueryRun, queued: QueuedNotice): CallOptions {
  return {
    cacheOnly: run.cacheOnly ?? false,
    confirmed: run.confirmed ?? false,
    ...(run.freeOnly ? { spendAtMost: 0 } : {}),
    ...(run.beforeSending ? { beforeSending: run.beforeSending } : {}),
    onWait: (waitMs) => queued.onWait(waitMs),
  };
}

/**
 * The answer to the person who asked, and what follows it. Whatever becomes of the post, the answer
 * was paid for: it is kept for follow-ups and recorded in the history all the same.
 */
async function replyWithAnswer(
  deps: SlackDeps,
  requester: Requester,
  responder: Responder,
  answer: CallResult,
  asked: { run: QueryRun; slack: SlackOperation; profile: RequesterProfile; replace: boolean },
): Promise<void> {
  const { run, profile } = asked;
  const { operation } = run;
  const { lang, timeZone } = profile;
  const { message, chart } = await answerMessage(deps, answer, asked.slack, responder, {
    lang,
    timeZone,
    asks: run.asks,
  });
  const delivered = await deliverAnswer(deps, responder, message, answer, { operation, lang, replace: asked.replace });
  await run
    .onAnswer?.(answer, lang, requester.teamId)
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not keep the answer for follow-ups'));
  if (answer.coinsSpent > 0) await warnNearBudget(deps, requester, responder);
  await deps.history
    .record(requester.teamId, requester.userId, {
      at: deps.now(),
      operation,
      request: { ...answer.request },
      source: answer.source,
      coins: answer.coinsSpent,
    })
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not record the lookup in the history'));
  // Slack's chart in the answer is a line of closes; in a thread the candlesticks follow as a file,
  // last, as nothing of the lookup's own waits on drawing and uploading a picture. Not after an
  // answer Slack did not take or confirm: nothing is added to a thread that may not have it.
  if (delivered && chart?.kind === 'native') await attachChartFile(deps, answer, responder, { timeZone, lang });
}
