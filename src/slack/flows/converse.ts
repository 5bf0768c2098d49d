import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { NotCachedError } from '../../core/errors.js';
import type { LatestResult } from '../../core/latestResults.js';
import { operations } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import { sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import type { SlackDeps } from '../deps.js';
import { HELP_WORDS } from '../parse/commandGrammar.js';
import { subcommandPhrase } from '../parse/commandSyntax.js';
import type { FollowUp, MessageReading } from '../parse/messageReader.js';
import { DQ_COMMAND, type ParsedCommand } from '../parse/parseCommand.js';
import { readNamedMessage } from '../parse/readNamedMessage.js';
import { decodeQueryValue } from '../payloads/queryValue.js';
import { exportButton } from '../render/exportButton.js';
import { messageExamples } from '../render/help.js';
import { renderNotice } from '../render/notice.js';
import { operationTitle } from '../render/operationTitle.js';
import { renderQuestion } from '../render/question.js';
import { watchThisButton } from '../render/watchThisButton.js';
import type { Responder } from '../reply/responder.js';
import { type Requester, speaking } from '../requester/requester.js';
import { COMMAND_GRAMMAR, describeRequest, slackOperation } from '../slackOperations/index.js';
import { choiceButtons, choiceQuestion } from './choiceQuestion.js';
import { type Conversation, lookUpInConversation } from './lookUpInConversation.js';
import { routeCommand } from './routeCommand.js';
import { offerSubscription } from './subscriptionOffer.js';

/** The examples the one-line help and the "cannot read" reply give, in the reader's language: the suggested prompts. */
export const PROMPTS = ['fundSize', 'candles', 'company', 'onSale'] as const;

function examples(lang: Lang) {
  return { ...messageExamples(lang), help: `${DQ_COMMAND} ${lang.t(subcommandPhrase(HELP_WORDS))}` };
}

function notice(responder: Responder, text: string, lang: Lang): Promise<void> {
  return responder.reply(renderNotice(text, lang));
}

async function latestIn(deps: SlackDeps, conversation: Conversation): Promise<LatestResult | undefined> {
  for (const key of conversation.memoryKeys) {
    try {
      const latest = await deps.latestResults.of(key);
      if (latest) return latest;
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not read a conversation’s latest result');
      return undefined;
    }
  }
  return undefined;
}

/**
 * The same follow-up on the same result in one thread, asked again while it is being answered
 * (twenty `next` sent at once, on any replica), is answered once, where the call behind it was shared
 * already but each would post its page: a short claim in the store (a few seconds). Undefined for
 * such a repeat; else what gives the claim up, which a follow-up that only says something (a notice,
 * an offer) does as it says it, so the same asked again afterwards is answered too. One that looks
 * something up keeps it its few seconds, for a repeat that read the result before the answer
 * replaced it. The store away, it is answered.
 */
async function claimFollowUp(
  deps: SlackDeps,
  conversation: Conversation,
  action: FollowUp,
  latest: LatestResult | undefined,
): Promise<(() => Promise<void>) | undefined> {
  const unclaimed = async () => undefined;
  const thread = conversation.memoryKeys[0];
  if (thread === undefined) return unclaimed;
  const on = latest ? [latest.operation, latest.request, latest.keptAt ?? null] : null;
  let release: (() => Promise<void>) | undefined;
  try {
    release = await deps.latestResults.claimFollowUp(thread, JSON.stringify([action, on]));
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not check for an identical follow-up; answering it');
    return unclaimed;
  }
  if (!release) {
    deps.logger.info({ followUp: action.kind }, 'an identical follow-up is answered already; not again');
    return undefined;
  }
  const given = release;
  return () =>
    given().catch((error: unknown) => deps.logger.warn({ err: error }, 'could not give up a follow-up claim'));
}

/** The latest result's answer again, from the cache only: free, or undefined when it is no longer kept. */
async function cachedAnswer(
  deps: SlackDeps,
  requester: Requester,
  latest: LatestResult,
): Promise<CallResult | undefined> {
  try {
    return await deps.data.call(
      latest.operation,
      latest.request,
      { teamId: requester.teamId, userId: requester.userId, source: 'slack' },
      { cacheOnly: true, confirmed: true },
    );
  } catch (error) {
    if (error instanceof NotCachedError) return undefined;
    throw error;
  }
}

/** A notice with one button under it (the result's own Export CSV or Watch this). */
function withButton(text: string, button: Button, lang: Lang) {
  const actions: ActionsBlock = { type: 'actions', elements: [button] };
  const blocks: KnownBlock[] = [sectionBlock(text), actions];
  return fitToSlackLimits({ text, blocks }, lang);
}

/**
 * A follow-up on the conversation's latest result: another page, its chart, its export, a watch of
 * it, another period. What only says something (a notice, an offer) gives up the follow-up's claim
 * first (`settled`): see claimFollowUp.
 */
async function followUp(
  deps: SlackDeps,
  requester: Requester,
  conversation: Conversation,
  action: FollowUp,
  latest: LatestResult | undefined,
  settled: () => Promise<void>,
): Promise<void> {
  const { lang } = await requester.profile();
  const responder: Responder = {
    ...conversation.responder,
    reply: async (message, options) => {
      await settled();
      await conversation.responder.reply(message, options);
    },
  };
  if (!latest) return notice(responder, lang.t('conversation.followUp.nothingEarlier', examples(lang)), lang);
  const definition = operations[latest.operation];
  const what = describeRequest(latest.operation, latest.request, lang);
  switch (action.kind) {
    case 'page': {
      if (!definition.withPage || !latest.paging)
        return notice(responder, lang.t('conversation.followUp.noPages'), lang);
      const { page, hasNext, hasPrevious, pageCount } = latest.paging;
      const { move } = action;
      const pastTheEnd = pageCount !== undefined && page > pageCount;
      if (move.kind === 'next' && !hasNext) return notice(responder, lang.t('conversation.followUp.noNextPage'), lang);
      if (move.kind === 'previous' && !hasPrevious && !pastTheEnd)
        return notice(responder, lang.t('conversation.followUp.noPreviousPage'), lang);
      // From past the end, back is the last page, as its button says.
      const wanted =
        move.kind === 'next' ? page + 1 : move.kind === 'previous' ? (pastTheEnd ? pageCount : page - 1) : move.page;
      // A page past the end the result knows would be charged and come back empty: refused, free,
      // even once the cache no longer says where the end is.
      if (pageCount !== undefined && wanted > pageCount && wanted > 1)
        return notice(
          responder,
          lang.t('conversation.followUp.pastTheEnd', {
            page: wanted,
            pages: lang.t('answer.paging.pages', { count: pageCount }),
          }),
          lang,
        );
      const request: Record<string, unknown> = { ...definition.withPage(latest.request as never, wanted) };
      // Going back is to a page seen before: taken from the cache, or offered at its price, never bought unasked.
      return lookUpInConversation(deps, requester, conversation, {
        operation: latest.operation,
        input: request,
        confirmed: true,
        ...(move.kind === 'previous' ? { goingBack: true } : {}),
      });
    }
    case 'chart':
      if (!slackOperation(latest.operation).chart)
        return notice(responder, lang.t('conversation.followUp.noChart'), lang);
      return lookUpInConversation(deps, requester, conversation, {
        operation: latest.operation,
        input: latest.request,
        confirmed: true,
        cacheOnly: true,
      });
    case 'export':
    case 'watch': {
      const answer = await cachedAnswer(deps, requester, latest);
      if (!answer) return notice(responder, lang.t('conversation.followUp.notAtHand'), lang);
      // The same buttons a result carries: the form each opens says what it costs before anything is done.
      const button = action.kind === 'export' ? exportButton(answer, lang) : watchThisButton(answer, lang);
      if (!button)
        return notice(
          responder,
          lang.t(action.kind === 'export' ? 'conversation.followUp.noExport' : 'conversation.followUp.notWatchable'),
          lang,
        );
      return responder.reply(withButton(lang.t(`conversation.followUp.${action.kind}`, { what }), button, lang));
    }
    case 'change': {
      if (action.operation !== latest.operation)
        return notice(
          responder,
          lang.t('conversation.followUp.otherOperation', {
            title: operationTitle(latest.operation, lang),
            what: operationTitle(action.operation, lang),
          }),
          lang,
        );
      const changed = { ...latest.request, ...action.input };
      const request: Record<string, unknown> = definition.withPage
        ? { ...definition.withPage(changed as never, 1) }
        : changed;
      return lookUpInConversation(deps, requester, conversation, { operation: latest.operation, input: request });
    }
  }
}

/** /dq's own commands in a conversation (help, usage, lang, watch, digest): the person's own business, told to them alone. */
async function command(
  deps: SlackDeps,
  requester: Requester,
  conversation: Conversation,
  parsed: ParsedCommand,
  said: MessageReading['said'],
): Promise<void> {
  const { responder } = conversation;
  // Told to the person alone, so nothing goes to the thread: no picture attached there either.
  const { attach: _public, ...privately } = responder;
  const alone: Responder = { ...privately, reply: responder.whisper ?? responder.reply };
  await routeCommand(parsed, {
    deps,
    responder: alone,
    requester,
    ...(conversation.client ? { client: conversation.client } : {}),
    said,
    // A message carries no trigger to open a form with: a button does.
    openForm: async (operation) => {
      const { lang } = await requester.profile();
      await alone.reply(
        renderQuestion(
          lang.t('conversation.question'),
          choiceButtons(deps, [{ operation, input: {}, complete: false }], lang),
          lang,
        ),
      );
    },
  });
}

/**
 * What a message written to the app does, wherever it was written (a mention, a direct message, the
 * console): read with the commands' grammar (parse/messageReader.ts), answered in the message's own
 * language when it is clear. A lookup meant for sure runs; anything less sure is a question whose
 * buttons say what each lookup costs, and calls nothing; a greeting gets a line of help; a message
 * the app cannot read says what it can do. Resolves with what it read.
 */
export async function converse(
  deps: SlackDeps,
  requester: Requester,
  text: string,
  conversation: Conversation,
): Promise<MessageReading> {
  const latest = await latestIn(deps, conversation);
  const names = await deps.data.names.of(requester.teamId);
  const reading = readNamedMessage(COMMAND_GRAMMAR, text, { now: deps.now(), previous: latest?.operation, names });
  // A follow-up goes on in the language of the result it follows, unless it is written clearly in another.
  const locale = reading.said ?? (reading.kind === 'followUp' ? latest?.locale : undefined);
  const asker = locale ? speaking(requester, locale) : requester;
  const { lang } = await asker.profile();
  const { responder } = conversation;
  switch (reading.kind) {
    case 'command':
      if (reading.parsed.kind === 'query')
        await lookUpInConversation(deps, asker, conversation, {
          operation: reading.parsed.operation,
          input: reading.parsed.input,
          ...(reading.asks ? { asks: reading.asks } : {}),
        });
      else await command(deps, asker, conversation, reading.parsed, reading.said);
      break;
    case 'ask':
      await responder.reply(choiceQuestion(deps, reading, lang));
      break;
    case 'subscribe': {
      // Told to the person alone, as `/dq watch add` and `/dq digest add` answer: Save is theirs to press.
      const { attach: _public, ...privately } = responder;
      await offerSubscription(deps, asker, reading.offer, {
        ...privately,
        reply: responder.whisper ?? responder.reply,
      });
      break;
    }
    case 'greeting':
      await notice(responder, lang.t('conversation.greeting', examples(lang)), lang);
      break;
    case 'unreadable':
      await notice(responder, lang.t('conversation.unreadable', examples(lang)), lang);
      break;
    case 'followUp': {
      const settled = await claimFollowUp(deps, conversation, reading.followUp, latest);
      if (settled) await followUp(deps, asker, conversation, reading.followUp, latest, settled);
      break;
    }
  }
  return reading;
}

/**
 * A question's button pressed (or one of "Look up in dq"'s offers): the lookup it carries runs in
 * the conversation the button was in, as if the message had asked for it; nothing else was called
 * before. A value this app did not make is answered with a notice, free.
 */
export async function runChoice(
  deps: SlackDeps,
  requester: Requester,
  value: string | undefined,
  conversation: Conversation,
): Promise<void> {
  const query = decodeQueryValue(value ?? '');
  const asker = query?.locale ? speaking(requester, query.locale) : requester;
  if (!query) {
    const { lang } = await asker.profile();
    return notice(conversation.responder, lang.t('modals.staleButton'), lang);
  }
  await lookUpInConversation(deps, asker, conversation, {
    operation: query.operation,
    input: query.request,
    confirmed: true,
  });
}
