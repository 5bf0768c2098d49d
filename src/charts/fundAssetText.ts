import type { AssetPoint } from './fundAssetSeries.js';
import { readableCny } from './money.js';
import { signed } from './numbers.js';

export interface FundAssetTextInput {
  fundCode: string;
  /** All points, oldest first, with the service's own rates. */
  points: readonly AssetPoint[];
  step: number;
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function rangeOf(points: readonly AssetPoint[]): string {
  const first = points[0]!.date;
  const last = points[points.length - 1]!.date;
  return first === last ? `on ${first}` : `from ${first} to ${last}`;
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function thinSentence(input: FundAssetTextInput): string | undefined {
  if (input.step === 1) return undefined;
  const shown = Math.ceil(input.points.length / input.step);
  return `${input.points.length} dates thinned to every ${ordinal(input.step)} (${shown} shown, newest included) to fit a Slack image; the % line is the change between shown dates`;
}

function latestSentence(points: readonly AssetPoint[]): string {
  const latest = points[points.length - 1]!;
  const rate = latest.rate === null ? 'no change rate given' : `${signed(latest.rate, 2)}% against the previous period`;
  return `Latest: ${readableCny(latest.asset)} CNY on ${latest.date}, ${rate}.`;
}

/** Alt text: what is drawn, for which fund, over which dates, and the latest size and rate. */
export function fundAssetAlt(input: FundAssetTextInput): string {
  const what = `Bar chart of the net asset size of fund ${input.fundCode} in 亿 CNY with its rate of change (%) as a line, ${countOf(input.points.length, 'date')} ${rangeOf(input.points)}`;
  const thinned = thinSentence(input);
  return `${what}${thinned ? `; ${thinned}` : ''}. ${latestSentence(input.points)}`;
}

export function fundAssetCaption(input: FundAssetTextInput): string {
  const parts = [`Fund ${input.fundCode} net assets ${rangeOf(input.points)}`];
  const thinned = thinSentence(input);
  if (thinned) parts.push(thinned);
  return `${parts.join('. ')}.`;
}
