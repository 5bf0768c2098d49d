import type { ActionsBlockElement, ContextBlockElement, KnownBlock, SectionBlock, TextObject } from '@slack/types';
import { type Lang, langFor } from '../../i18n/lang.js';
import { displayWidth } from '../blockKit/mrkdwn.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { mrkdwnToText } from './mrkdwnToText.js';

/** A button of a printed reply, pressed in the console by typing its number. */
export interface ConsoleButton {
  label: string;
  actionId: string;
  value?: string;
  url?: string;
}

export interface PrintedMessage {
  text: string;
  /** In the order of their numbers: buttons[0] is [1]. */
  buttons: ConsoleButton[];
}

const RULE_WIDTH = 48;

function textOf(object: TextObject | undefined): string {
  if (!object) return '';
  return object.type === 'mrkdwn' ? mrkdwnToText(object.text) : object.text;
}

/** Continuation lines of a value line up under its first line. */
function indentFollowing(text: string, indent: string): string {
  return text.replace(/\n/g, `\n${indent}`);
}

/**
 * Fields are written "*Label*\nvalue" by the renderers; one line "Label: value" (标签：值) reads better
 * in a terminal. Either colon and its space take two cells, so continuation lines line up the same.
 */
function fieldLine(field: TextObject, lang: Lang): string {
  const text = textOf(field).trim();
  const newline = text.indexOf('\n');
  if (newline < 0) return `  ${text}`;
  const label = text.slice(0, newline).trim();
  const value = text.slice(newline + 1).trim();
  return `  ${lang.t('results.asText.field', { label, value: indentFollowing(value, ' '.repeat(displayWidth(label) + 4)) })}`;
}

function contextElementText(element: ContextBlockElement, lang: Lang): string {
  if (element.type === 'image') return lang.t('results.asText.image', { alt: element.alt_text });
  return textOf(element);
}

/** Slack's name of an element or block kind, as words: static_select → static select. */
const kindOf = (type: string) => type.replace(/_/g, ' ');

/** Numbers run on across the message, so a reply with several actions blocks still has one [n] per button. */
class ButtonNumbers {
  readonly buttons: ConsoleButton[] = [];

  constructor(private readonly lang: Lang) {}

  label(element: ActionsBlockElement): string {
    if (element.type !== 'button') return this.lang.t('results.asText.onlyInSlack', { kind: kindOf(element.type) });
    const button: ConsoleButton = { label: element.text.text, actionId: element.action_id ?? '' };
    if (element.value !== undefined) button.value = element.value;
    if (element.url !== undefined) button.url = element.url;
    this.buttons.push(button);
    return `[${this.buttons.length}] ${button.label}`;
  }
}

function sectionText(block: SectionBlock, numbers: ButtonNumbers, lang: Lang): string[] {
  const lines: string[] = [];
  if (block.text) lines.push(textOf(block.text));
  for (const field of block.fields ?? []) lines.push(fieldLine(field, lang));
  const accessory = block.accessory;
  if (accessory?.type === 'image') lines.push(`  ${lang.t('results.asText.image', { alt: accessory.alt_text })}`);
  else if (accessory?.type === 'button') lines.push(`  ${numbers.label(accessory)}`);
  return lines;
}

function blockLines(block: KnownBlock, numbers: ButtonNumbers, lang: Lang): string[] {
  switch (block.type) {
    case 'header': {
      const title = block.text.text;
      return [title, '═'.repeat(Math.max(3, displayWidth(title)))];
    }
    case 'section':
      return sectionText(block, numbers, lang);
    case 'context':
      return [`› ${block.elements.map((element) => contextElementText(element, lang)).join('  ')}`];
    case 'divider':
      return ['─'.repeat(RULE_WIDTH)];
    case 'image': {
      const title = block.title?.text ?? '';
      const url = 'image_url' in block ? block.image_url : lang.t('results.asText.fileInSlack');
      return [
        `${lang.t('results.asText.chart')} ${title ? `${title} — ` : ''}${url}`,
        `  ${indentFollowing(block.alt_text, '  ')}`,
      ];
    }
    case 'actions':
      return [block.elements.map((element) => numbers.label(element)).join('  ')];
    default:
      return [lang.t('results.asText.blockOnlyInSlack', { kind: kindOf(block.type) })];
  }
}

/** A blank line between consecutive sections, as Slack spaces them; headers, charts and buttons stay attached. */
function startsParagraph(block: KnownBlock, previous: KnownBlock | undefined): boolean {
  return block.type === 'section' && (previous?.type === 'section' || previous?.type === 'context');
}

/**
 * A reply as text: headers underlined, sections with their fields as "Label: value" lines, context
 * lines marked with ›, charts as their address and alt text, buttons numbered from [1]. The words
 * this adds (the field colon, [chart], what only Slack can show) are in the reply's own language,
 * which a command written in the other language makes different from the reader's.
 */
export function printedMessage(message: SlackMessage): PrintedMessage {
  const lang = langFor(message.lang);
  const numbers = new ButtonNumbers(lang);
  let text = '';
  message.blocks.forEach((block, index) => {
    const lines = blockLines(block, numbers, lang).join('\n');
    text += index === 0 ? lines : `${startsParagraph(block, message.blocks[index - 1]) ? '\n\n' : '\n'}${lines}`;
  });
  return { text: text || mrkdwnToText(message.text), buttons: numbers.buttons };
}
