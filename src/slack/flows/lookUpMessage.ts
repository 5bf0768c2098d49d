import type { WebClient } from '@slack/web-api';
import { readPastedList } from '../../core/batch/supplierList.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { subjectsIn } from '../parse/messageSubjects.js';
import { supplierLinesIn } from '../parse/supplierLines.js';
import { renderNotice } from '../render/notice.js';
import { renderQuestion } from '../render/question.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';
import { COMMAND_GRAMMAR } from '../slackOperations/index.js';
import { BUSY, planSupplierList } from './checkSupplierList.js';
import { choiceButtons } from './choiceQuestion.js';

/** Offers on one reply: a message naming more is a document, and more buttons would not be read. */
const MOST_OFFERS = 10;

/** Lines of suppliers that make a message a list to check rather than a few lookups to offer. */
const LIST_LINES = 2;

/**
 * A message listing suppliers one a line: its check planned as a pasted list's is, the plan (costs,
 * Start, Cancel) in the person's direct messages and a line saying so where the shortcut was used.
 * False when the message is no such list, and it is offered lookup by lookup instead.
 */
async function planMessageList(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  text: string,
  responder: Responder,
  lang: Lang,
): Promise<boolean> {
  const lines = supplierLinesIn(text);
  if (lines.length < LIST_LINES) return false;
  const reading = readPastedList(lines.join('\n'), { maxRows: deps.config.supplierCheckMaxRows });
  if (reading.kind === 'refused') {
    if (reading.refusal.reason !== 'tooManyRows') return false;
    const { rows, max } = reading.refusal;
    await responder.reply(renderNotice(lang.t('batch.message.tooManyRows', { rows, max }), lang));
    return true;
  }
  if (reading.list.entries.length === 0) return false;
  const planned = await planSupplierList(deps, client, requester, reading.list, { kind: 'message' }, lang);
  const said =
    planned === 'planned'
      ? lang.t('batch.message.planned', { count: reading.list.entries.length })
      : lang.t(BUSY.message);
  await responder.reply(renderNotice(said, lang));
  return true;
}

/**
 * "Look up in dq" on a message: what it names (credit codes, fund codes, contracts, company names)
 * offered as buttons, each saying what its lookup costs, privately to the person who asked. Nothing
 * is called until one is pressed; a message naming nothing says what the shortcut looks for. A
 * message listing suppliers one a line (two or more) is offered their check instead, costs first.
 */
export async function lookUpMessage(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  text: string,
  responder: Responder,
): Promise<void> {
  const { lang } = await requester.profile();
  if (await planMessageList(deps, client, requester, text, responder, lang)) return;
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
