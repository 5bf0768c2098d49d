import { localParts, type LocalParts } from '../core/time.js';

/** About as many "MM-DD HH:mm" labels as fit side by side on a 700-pixel chart. */
export const MAX_AXIS_LABELS = 8;

/**
 * Which points get an x-axis label: every step-th one counted back from the newest, so the latest point
 * is always labelled. The rest get '' (three characters in the URL instead of a label's ten or more),
 * which also keeps Chart.js from choosing its own subset.
 */
export function labelledIndices(count: number, maxLabels = MAX_AXIS_LABELS): Set<number> {
  const step = Math.max(1, Math.ceil(count / maxLabels));
  const chosen = new Set<number>();
  for (let index = count - 1; index >= 0; index -= step) chosen.add(index);
  return chosen;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function dayKey(parts: LocalParts): string {
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Labels in the reader's zone: MM-DD for daily candles, HH:mm for intraday ones. When the candles span
 * more than one local day, a labelled point that starts a new day shows its date too.
 */
export function candleAxisLabels(ats: readonly number[], daily: boolean, timeZone: string): string[] {
  const parts = ats.map((at) => localParts(at, timeZone));
  const shown = labelledIndices(ats.length);
  const crossesDays = parts.length > 0 && dayKey(parts[0]!) !== dayKey(parts[parts.length - 1]!);
  let previousDay: string | undefined;
  return parts.map((p, index) => {
    if (!shown.has(index)) return '';
    const date = `${pad(p.month)}-${pad(p.day)}`;
    if (daily) return date;
    const time = `${pad(p.hour)}:${pad(p.minute)}`;
    const day = dayKey(p);
    const withDate = crossesDays && day !== previousDay;
    previousDay = day;
    return withDate ? `${date} ${time}` : time;
  });
}

/** Given labels thinned to MAX_AXIS_LABELS, the same way as candle labels. */
export function sparseLabels(labels: readonly string[]): string[] {
  const shown = labelledIndices(labels.length);
  return labels.map((label, index) => (shown.has(index) ? label : ''));
}
