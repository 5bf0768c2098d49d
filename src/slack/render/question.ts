import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { Lang } from '../../i18n/lang.js';
import { chunk, contextBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits, keepBlock, SLACK_LIMITS } from '../blockKit/fitToSlackLimits.js';
import { plainText, truncatePlain } from '../blockKit/mrkdwn.js';
import type { SlackMessage } from '../reply/slackMessage.js';

/** One answer a question offers: what its button says (plain text, the cost included), does and carries. */
export interface QuestionButton {
  label: string;
  actionId: string;
  value: string;
}

/** Slack's most elements in one actions block (https://docs.slack.dev/reference/block-kit/blocks/actions-block). */
const BUTTONS_PER_BLOCK = 25;

/**
 * Two buttons of one block may not share an action_id ("unique among all other action_ids in the
 * containing block", https://docs.slack.dev/reference/block-kit/block-elements/button-element), and
 * a question offers several of one kind: each gets its place after a colon, which the listeners
 * take off (payloads/ids.ts `actionOf`).
 */
function numberedAction(actionId: string, index: number): string {
  return `${actionId}:${index}`;
}

/**
 * A short question (mrkdwn written by the app) and one button per answer, each a lookup with its
 * cost or a form to fill in: nothing is called until one is pressed. A label is plain text, so what
 * a person or the service wrote in it is shown as written, never as markup or a ping.
 */
/** Between a label's parts; its last part is the price, which a cut must never take off a paying button. */
const PART = ' · ';

/** A label cut to Slack's button limit from its front parts, so its last part (the cost) is always shown. */
export function labelKeepingCost(label: string, max: number): string {
  if (label.length <= max) return label;
  const at = label.lastIndexOf(PART);
  if (at <= 0) return truncatePlain(label, max);
  const cost = label.slice(at);
  if (cost.length >= max) return truncatePlain(label, max);
  return truncatePlain(label.slice(0, at), max - cost.length) + cost;
}

export function renderQuestion(
  question: string,
  buttons: readonly QuestionButton[],
  lang: Lang,
  note?: string,
): SlackMessage {
  const elements = buttons.map(
    (button, index): Button => ({
      type: 'button',
      action_id: numberedAction(button.actionId, index),
      text: plainText(labelKeepingCost(button.label.replace(/\s+/g, ' ').trim(), SLACK_LIMITS.buttonText)),
      value: button.value,
    }),
  );
  const blocks: KnownBlock[] = [sectionBlock(question)];
  chunk(elements, BUTTONS_PER_BLOCK).forEach((group, index) => {
    const actions: ActionsBlock = { type: 'actions', elements: group };
    blocks.push(keepBlock(`question-${index}`, actions));
  });
  if (note) blocks.push(contextBlock(note));
  return fitToSlackLimits({ text: question, blocks }, lang);
}
