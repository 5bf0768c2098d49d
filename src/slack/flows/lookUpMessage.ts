import type { SlackDeps } from '../deps.js';
import { subjectsIn } from '../parse/messageSubjects.js';
import { renderNotice } from '../render/notice.js';
import { renderQuestion } from '../render/question.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';
import { COMMAND_GRAMMAR } from '../slackOperations/index.js';
import { choiceButtons } from './choiceQuestion.js';

/** Offers on one reply: a message naming more is a document, and more buttons would not be read. */
const MOST_OFFERS = 10;

/**
 * "Look up in dq" on a message: what it names (credit codes, fund codes, contracts, company names)
 * offered as buttons, each saying what its lookup costs, privately to the person who asked. Nothing
 * is called until one is pressed; a message naming nothing says what the shortcut looks for.
 */
export async function lookUpMessage(
  deps: SlackDeps,
  requester: Requester,
  text: string,
  responder: Responder,
): Promise<void> {
  const { lang } = await requester.profile();
  const choices = subjectsIn(COMMAND_GRAMMAR, text, deps.now());
  if (choices.length === 0) {
    await responder.reply(renderNotice(lang.t('conversation.shortcut.nothing'), lang));
    return;
  }
  const left = choices.length - MOST_OFFERS;
  await responder.reply(
    renderQuestion(
      lang.t('conversation.shortcut.found'),
      choiceButtons(deps, choices.slice(0, MOST_OFFERS), lang),
      lang,
      left > 0 ? lang.t('conversation.shortcut.more', { count: left }) : undefined,
    ),
  );
}
