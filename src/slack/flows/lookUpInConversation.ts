import type { WebClient } from '@slack/web-api';
import type { CallResult } from '../../core/client/dataClient.js';
import type { LatestResult } from '../../core/latestResults.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';
import { namedDescriber } from './namedDescriber.js';
import { type QueryRun, runQuery } from './runQuery.js';

/**
 * Where a conversation with the app happens and how it is answered: a thread under an @mention, a
 * direct message's thread, the console. The same flow reads and answers them all.
 */
export interface Conversation {
  /** Replies into the conversation (in a channel's thread, read by everyone in it); `whisper` for the person alone. */
  responder: Responder;
  /** The keys its latest result is kept under, the first read first (a thread's, then its direct message's). */
  memoryKeys: readonly string[];
  /** Says on the thread's status line what the app is doing while a lookup runs; absent where there is none. */
  status?: (status: string) => Promise<void>;
  /** Slack's client, for the commands that check a channel (a digest added from a thread). */
  client?: WebClient;
}

/** What a conversation keeps of an answer for its follow-ups. */
function latestOf(answer: CallResult, lang: Lang, keptAt: number, teamId: string): LatestResult {
  return {
    teamId,
    operation: answer.operation,
    request: { ...answer.request },
    locale: lang.locale,
    keptAt,
    ...(answer.paging
      ? {
          paging: {
            page: answer.paging.page,
            hasNext: answer.paging.hasNext,
            hasPrevious: answer.paging.hasPrevious,
            ...(answer.paging.pageCount !== undefined ? { pageCount: answer.paging.pageCount } : {}),
          },
        }
      : {}),
  };
}

/** Keeps an answer as a conversation's latest result (runQuery's `onAnswer`): its follow-ups go on from it. */
export function keptAsLatest(deps: SlackDeps, keys: readonly string[]) {
  return (answer: CallResult, lang: Lang, teamId: string) =>
    deps.latestResults.keep(keys, latestOf(answer, lang, deps.now(), teamId));
}

export interface ConversationLookup {
  operation: OperationId;
  input: Record<string, unknown>;
  /** A request already asked and answered (a follow-up's, a button's): its questions were settled then. */
  confirmed?: boolean;
  /** Only what is cached: the thread's latest result again, free (`画图`). */
  cacheOnly?: boolean;
  /** Only a fresh cached page, else an offer of it at its price (`previous`): see QueryRun's freeOnly. */
  goingBack?: boolean;
  /** The yes/no question the message asked of the record: the answer says it first. */
  asks?: QueryRun['asks'];
}

/**
 * A lookup in a conversation: the status line says what is being looked up and what it costs (free
 * when the cache holds it) while the call runs, the answer (the command's own reply: table, chart, buttons) goes into the
 * conversation, and becomes its latest result. The line is set only once the call is answered from
 * the cache or its coins are reserved (never for a lookup refused), and cleared when the lookup ends
 * without a post in the conversation (a refusal told privately, an answer Slack did not take): Slack
 * clears it only when the app posts there, or after two minutes.
 */
export async function lookUpInConversation(
  deps: SlackDeps,
  requester: Requester,
  conversation: Conversation,
  lookup: ConversationLookup,
): Promise<void> {
  const { operation } = lookup;
  const { status } = conversation;
  // An answer the cache holds fresh costs nothing: the line says so rather than quote the price.
  let statusUp = false;
  const beforeSending =
    status && !lookup.cacheOnly
      ? async (request: Record<string, unknown>, fresh: boolean) => {
          statusUp = true;
          const { lang } = await requester.profile();
          const what = (await namedDescriber(deps, requester.teamId))(operation, request, lang);
          await status(
            fresh
              ? lang.t('conversation.statusFromCache', { what })
              : lang.t('conversation.status', {
                  what,
                  cost: lang.t('common.coins', { count: deps.prices.priceOf(operation).coins }),
                }),
          );
        }
      : undefined;
  const responder: Responder = {
    ...conversation.responder,
    reply: async (message, options) => {
      await conversation.responder.reply(message, options);
      statusUp = false;
    },
  };
  await runQuery(
    deps,
    requester,
    {
      operation,
      input: lookup.input,
      ...(lookup.confirmed ? { confirmed: true } : {}),
      ...(lookup.cacheOnly ? { cacheOnly: true } : {}),
      ...(lookup.goingBack ? { freeOnly: 'goingBack' as const } : {}),
      ...(lookup.asks ? { asks: lookup.asks } : {}),
      onAnswer: keptAsLatest(deps, conversation.memoryKeys),
      ...(beforeSending ? { beforeSending } : {}),
    },
    responder,
  );
  if (statusUp) await status?.('');
}
