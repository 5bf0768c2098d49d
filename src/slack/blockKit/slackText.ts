import type { PlainTextElement, PlainTextOption } from '@slack/types';

/** Slack's view limits that the builders have to respect; over them, views.open fails outright. */
export const VIEW_LIMITS = {
  titleChars: 24,
  buttonChars: 24,
  optionChars: 75,
  placeholderChars: 150,
  optionsPerSelect: 100,
  privateMetadataChars: 3000,
  blocks: 100,
} as const;

export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export function clippedPlainText(text: string, max = 2000): PlainTextElement {
  return { type: 'plain_text', text: clip(text, max), emoji: true };
}

export function option(text: string, value: string): PlainTextOption {
  return { text: clippedPlainText(text, VIEW_LIMITS.optionChars), value };
}
