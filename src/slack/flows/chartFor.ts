import { chartPlanFor } from '../operations/index.js';
import { drawnLocally, resolveChart, type ChartImage, type ChartPublisher, type ChartSettings } from '../../charts/quickChart.js';
import { cacheKey } from '../../core/client/cache.js';
import type { CallResult } from '../../core/client/dataClient.js';
import type { Lang } from '../../i18n/lang.js';

/**
 * Charts already drawn, by answer and language: a result served from cache (a repeated lookup,
 * Previous, Share) has the same chart as the first time, and drawing one is most of what such a
 * reply costs.
 */
const drawn = new Map<string, Promise<ChartImage | undefined>>();
const DRAWN_KEPT = 200;

/**
 * The chart that goes with an answer, for the operations that have one, its texts in `lang`. Never
 * throws. A chart the app draws itself is kept by the publisher (its address expires, so the image
 * is not kept here).
 */
export function chartFor(answer: CallResult, settings: ChartSettings, timeZone: string, lang: Lang, publish?: ChartPublisher): Promise<ChartImage | undefined> {
  if (drawnLocally(settings)) return draw(answer, settings, timeZone, lang, publish);
  const key = `${cacheKey(answer.operation, answer.request)}@${answer.storedAt}|${timeZone}|${lang.locale}|${JSON.stringify(settings)}`;
  const known = drawn.get(key);
  if (known) return known;
  const chart = draw(answer, settings, timeZone, lang);
  drawn.set(key, chart);
  if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  return chart;
}

async function draw(answer: CallResult, settings: ChartSettings, timeZone: string, lang: Lang, publish?: ChartPublisher): Promise<ChartImage | undefined> {
  try {
    const plan = chartPlanFor(answer, settings, timeZone, lang);
    return plan ? await resolveChart(plan, settings, lang, publish ? { publish } : {}) : undefined;
  } catch {
    return { kind: 'none', note: lang.t('results.chart.notDrawn') };
  }
}
