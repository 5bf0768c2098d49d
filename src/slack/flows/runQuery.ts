import type { CallContext, CallOptions, CallResult } from '../../core/client/dataClient.js';
import { BudgetExceededError, NotCachedError, UpstreamError, ValidationError } from '../../core/errors.js';
import type { OperationId } from '../../core/operations/index.js';
import { validate } from '../../core/operations/validate.js';
import type { Lang, Locale } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import { describeRequest, slackOperation } from '../operations/index.js';
import { exampleFor, userFieldName } from '../parse/examples.js';
import { encodeQueryValue } from '../payloads/queryValue.js';
import { renderError } from '../render/errorMessage.js';
import { renderNotice } from '../render/notice.js';
import { operationTitle } from '../render/operationTitle.js';
import { renderPageLeftCache } from '../render/paging.js';
import { renderQueued, renderQueuedDone } from '../render/queued.js';
import type { Progress, Responder } from '../reply/responder.js';
import { ReplyUnconfirmedError } from '../reply/responders.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { workspaceLang } from '../requester/language.js';
import { type Requester, speaking } from '../requester/requester.js';
import { warnNearBudget } from './budgetWarning.js';
import { attachChartFile } from './chartFile.js';
import { chartFor } from './chartFor.js';
import { freePages } from './freePages.js';

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
  /**
   * Only a fresh cached page will do; one not there is offered at its price, not bought: a page
   * button that said free (`labelled`), or `previous` written in a conversation (`goingBack`).
   */
  freeOnly?: 'labelled' | 'goingBack';
  /** Told of the answer once it is out (a conversation keeps it as its thread's latest result, for follow-ups). */
  onAnswer?: (answer: CallResult, lang: Lang) => Promise<void>;
  /** Told what is asked and whether it is free once answered from the cache or reserved, before it is sent (a conversation's status line); see CallOptions. */
  beforeSending?: CallOptions['beforeSending'];
}

/**
 * One lookup from request to reply: validate (a bad request costs nothing), tell the user when the
 * rate limit will make them wait, call through the client, draw the chart, render, reply. Every
 * failure becomes one short message; nothing escapes as an exception.
 */
export async function runQuery(deps: SlackDeps, asker: Requester, run: QueryRun, responder: Responder): Promise<void> {
  const { operation } = run;
  const requester = run.locale ? speaking(asker, run.locale) : asker;
  const profile = await requester.profile();
  const slack = slackOperation(operation);
  const rejected = slack.syntax.rejectedHint?.(run.input);
  // A demo's refusal says what the simulator knows, as its empty answers do: a real name finds nothing there.
  const demoNote = deps.config.demo ? slack.syntax.demoNote : undefined;
  const rejectedHint =
    rejected &&
    (demoNote
      ? profile.lang.t('charts.nextSentence', { first: profile.lang.t(rejected), second: profile.lang.t(demoNote) })
      : profile.lang.t(rejected));
  const errorOptions = {
    example: exampleFor(slack.syntax, profile.lang),
    fieldLabel: (field: string) => userFieldName(slack.syntax, field, profile.lang),
    ...(rejectedHint ? { rejectedHint } : {}),
  };
  let replace = run.replace ?? false;
  let queuedShown: Promise<void> | undefined;
  // Where the "Queued…" notice is kept when replies cannot replace one another (a slash command's:
  // bolt-js #2287, bolt-python #1268): an editable DM message, marked done once the answer is out.
  let progress: Progress | undefined;
  const title = operationTitle(operation, profile.lang);
  // Whatever follows a "Queued…" notice (result or error) replaces it, or marks it done, and only once it is out.
  const afterQueuedNotice = async () => {
    if (!queuedShown) return;
    await queuedShown;
    replace = true;
  };
  if (run.share && !responder.share) {
    await responder.reply(renderNotice(profile.lang.t('answer.nowhereToShare'), profile.lang));
    return;
  }
  try {
    const context: CallContext = { teamId: requester.teamId, userId: requester.userId, source: 'slack' };
    if (requester.channelId) context.channelId = requester.channelId;
    const options: CallOptions = {
      cacheOnly: run.cacheOnly ?? false,
      confirmed: run.confirmed ?? false,
      ...(run.freeOnly ? { spendAtMost: 0 } : {}),
      ...(run.beforeSending ? { beforeSending: run.beforeSending } : {}),
    };
    options.onWait = (waitMs) => {
      if (queuedShown || progress || waitMs <= deps.config.queuedNoticeAfterMs) return;
      const notice = renderQueued(title, waitMs, profile.lang);
      if (!responder.replaces && responder.progress) {
        progress = responder.progress();
        progress.show(notice);
        return;
      }
      queuedShown = responder
        .reply(notice, { replace })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not post the queued notice'));
    };
    const answer = await deps.data.call(operation, run.input, context, options);
    await afterQueuedNotice();
    // A share is read by the whole channel: it speaks the workspace's language, its chart too.
    const lang = run.share ? workspaceLang(deps) : profile.lang;
    // A Slack message (shares included) can hold a chart Slack draws; the console's replies cannot.
    const chart = await chartFor(answer, slack, {
      settings: deps.charts,
      timeZone: profile.timeZone,
      lang,
      nativeCharts: responder.tables === true,
      ...(deps.publishChart ? { publish: deps.publishChart } : {}),
    });
    // A share has no buttons; else a store read each says whether Next and Previous are free (their pages in the cache).
    const free = run.share ? undefined : await freePages(deps.data, answer);
    const message = deps.renderedAnswers.render(answer, slack, {
      lang,
      timeZone: profile.timeZone,
      demo: deps.config.demo,
      prices: deps.prices,
      now: deps.now(),
      // Shares go through the same responder, so the same surface: a channel message takes tables too.
      tables: responder.tables === true,
      ...(chart ? { chart } : {}),
      ...(run.share ? { sharedBy: requester.userId } : {}),
      ...(free?.next ? { nextPageFree: true } : {}),
      ...(free?.previous ? { previousPageFree: true } : {}),
    });
    if (run.share) {
      await responder.share!(message);
      return;
    }
    // Whatever becomes of the post, the answer was paid for: it is kept for follow-ups and recorded
    // in the history below all the same, and the person is told by another route.
    let delivered = true;
    await responder.reply(message, { replace }).catch(async (error: unknown) => {
      delivered = false;
      if (error instanceof ReplyUnconfirmedError) {
        // Paid, and perhaps delivered: never sent again.
        deps.logger.warn(
          { err: error, operation, outcome: 'unknown' },
          'Slack did not confirm the answer; not sent again',
        );
        await error
          .tell(renderNotice(profile.lang.t('answer.unconfirmed'), profile.lang))
          .catch((tellError: unknown) =>
            deps.logger.warn({ err: tellError }, 'could not say that the answer was unconfirmed'),
          );
        return;
      }
      // Slack refused it, or held the method longer than a post may wait (a 429): not posted.
      deps.logger.warn({ err: error, operation, outcome: 'not_posted' }, 'Slack did not take the answer');
      // The request may hold the person's own words (a keyword): never live markup.
      const what = escapeMrkdwn(describeRequest(operation, { ...answer.request }, profile.lang));
      const text =
        answer.coinsSpent > 0
          ? profile.lang.t('answer.notPosted', {
              what,
              coins: profile.lang.t('common.coins', { count: answer.coinsSpent }),
            })
          : profile.lang.t('answer.notPostedFree', { what });
      // The person's own spend, told to them alone; by another method than the refused post where there is one.
      const tell = responder.whisper ?? ((notice: SlackMessage) => responder.reply(notice));
      await tell(renderNotice(text, profile.lang)).catch((tellError: unknown) =>
        deps.logger.warn({ err: tellError }, 'could not say that the answer was not posted'),
      );
    });
    await run
      .onAnswer?.(answer, lang)
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
    if (delivered && chart?.kind === 'native')
      await attachChartFile(deps, answer, responder, { timeZone: profile.timeZone, lang });
  } catch (error) {
    if (!(error instanceof ValidationError))
      deps.logger.warn({ err: error, operation, teamId: requester.teamId }, 'lookup failed');
    await afterQueuedNotice();
    if (error instanceof NotCachedError && run.freeOnly) {
      const paidValue = encodeQueryValue({ operation, request: run.input, locale: profile.lang.locale });
      const coins = deps.prices.priceOf(operation).coins;
      const why = run.freeOnly === 'labelled' ? 'leftCache' : 'backNotCached';
      await responder
        .reply(renderPageLeftCache(paidValue, coins, profile.lang, why))
        .catch((replyError: unknown) => deps.logger.error({ err: replyError }, 'could not deliver the error reply'));
      return;
    }
    const retryValue = retryButtonValue(operation, run.input, error, profile.lang.locale);
    const refusal = renderError(error, {
      lang: profile.lang,
      now: deps.now(),
      timeZone: profile.timeZone,
      ...errorOptions,
      ...(retryValue ? { retryValue } : {}),
    });
    // A budget refusal names the person's spend: in a thread others read, it is told to them alone.
    const whisper = error instanceof BudgetExceededError ? responder.whisper : undefined;
    await (whisper ? whisper(refusal) : responder.reply(refusal, { replace })).catch((replyError: unknown) => {
      deps.logger.error({ err: replyError }, 'could not deliver the error reply');
    });
    // A call that went unanswered may have been charged: it counts against the budget all the same.
    if (error instanceof UpstreamError && error.coinsAtRisk) await warnNearBudget(deps, requester, responder);
  } finally {
    await progress?.finish(renderQueuedDone(title, profile.lang));
  }
}
