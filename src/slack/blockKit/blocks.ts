import type { ContextBlock, DividerBlock, HeaderBlock, SectionBlock, TextObject } from '@slack/types';
import { keepBlock, SLACK_LIMITS } from './fitToSlackLimits.js';
import { mrkdwn, plainText, truncatePlain } from './mrkdwn.js';

/**
 * A title line; plain text, so service text in it needs no escaping. `name` tells headers of one
 * message or view apart (block_ids must be unique within it).
 */
export function headerBlock(text: string, name = 'header'): HeaderBlock {
  return keepBlock(name, {
    type: 'header',
    text: plainText(truncatePlain(text.replace(/\s+/g, ' ').trim() || '—', SLACK_LIMITS.headerText)),
  });
}

export function sectionBlock(text: string, fields?: TextObject[]): SectionBlock {
  const block: SectionBlock = { type: 'section', text: mrkdwn(text) };
  if (fields?.length) block.fields = fields;
  return block;
}

export function fieldsBlock(fields: TextObject[]): SectionBlock {
  return { type: 'section', fields };
}

/** A label over its value, the way section fields read best in two columns. Both parts already mrkdwn. */
export function labelled(label: string, value: string): TextObject {
  return mrkdwn(`*${label}*\n${value}`);
}

export function contextBlock(text: string): ContextBlock {
  return { type: 'context', elements: [mrkdwn(text)] };
}

export function dividerBlock(): DividerBlock {
  return { type: 'divider' };
}

/** Splits into runs of at most `size`: sections take at most ten fields. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
