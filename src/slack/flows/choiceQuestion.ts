import { typedNameOf } from '../../core/operations/index.js';
import { validate } from '../../core/operations/validate.js';
import type { Lang } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import type { Choice, MessageReading } from '../parse/messageReader.js';
import { ACTION } from '../payloads/ids.js';
import { encodeQueryValue } from '../payloads/queryValue.js';
import { operationTitle } from '../render/operationTitle.js';
import { type QuestionButton, renderQuestion } from '../render/question.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { describeRequest } from '../slackOperations/index.js';

/**
 * `Fund asset size history: fund 000001 · 10 coins`: what the lookup is and what it costs, said
 * before it runs; with the fund's name where it is known, or as "did you mean" a name seen.
 */
function lookupLabel(deps: SlackDeps, choice: Choice, request: Record<string, unknown>, lang: Lang): string {
  const { operation } = choice;
  const title = operationTitle(operation, lang);
  const cost = lang.t('common.coins', { count: deps.prices.priceOf(operation).coins });
  if (choice.suggested !== undefined) return lang.t('conversation.didYouMean', { name: choice.suggested, title, cost });
  const what = describeRequest(operation, request, lang);
  return choice.fundName !== undefined
    ? lang.t('conversation.choiceFund', { title, name: choice.fundName, what, cost })
    : lang.t('conversation.choice', { title, what, cost });
}

/** The buttons of a question: each offered lookup with its cost, or an operation's form when a part is missing. */
export function choiceButtons(deps: SlackDeps, choices: readonly Choice[], lang: Lang): QuestionButton[] {
  const buttons: QuestionButton[] = [];
  for (const choice of choices) {
    if (!choice.complete) {
      buttons.push({
        label: lang.t('conversation.form', { title: operationTitle(choice.operation, lang) }),
        actionId: ACTION.openModal,
        value: typedNameOf(choice.operation),
      });
      continue;
    }
    const request = { ...validate(choice.operation, choice.input, deps.now()) };
    const value = encodeQueryValue({ operation: choice.operation, request, locale: lang.locale });
    if (value) buttons.push({ label: lookupLabel(deps, choice, request, lang), actionId: ACTION.choose, value });
  }
  return buttons;
}

/** What a question says above its buttons: which fund a name is, that a fund's name is not known, or which lookup. */
function questionText(reading: Extract<MessageReading, { kind: 'ask' }>, lang: Lang): string {
  const { fund } = reading;
  if (fund) {
    const name = escapeMrkdwn(fund.name);
    if (fund.known) return lang.t('conversation.whichFund', { name });
    const example = lang.t('conversation.fundCodeExample');
    return reading.choices.some((choice) => choice.complete)
      ? lang.t('conversation.unknownFundClose', { name, example })
      : lang.t('conversation.unknownFund', { name, example });
  }
  return lang.t(reading.partial ? 'conversation.questionPartial' : 'conversation.question');
}

/** A question a message or a command was read as: what it asks, and a button for each lookup it offers with its cost. */
export function choiceQuestion(
  deps: SlackDeps,
  reading: Extract<MessageReading, { kind: 'ask' }>,
  lang: Lang,
): SlackMessage {
  return renderQuestion(questionText(reading, lang), choiceButtons(deps, reading.choices, lang), lang);
}
