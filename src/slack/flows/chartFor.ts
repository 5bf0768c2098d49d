import { chartPlanFor } from '../../charts/chartPlanFor.js';
import { resolveChart } from '../../charts/resolveChart.js';
import type { ChartImage, ChartSettings } from '../../charts/types.js';
import type { CallResult } from '../../core/client/dataClient.js';

/** The chart that goes with an answer, for the operations that have one. Never throws. */
export async function chartFor(answer: CallResult, settings: ChartSettings, timeZone: string): Promise<ChartImage | undefined> {
  try {
    const plan = chartPlanFor(answer, settings, timeZone);
    return plan ? await resolveChart(plan, settings) : undefined;
  } catch {
    return { kind: 'none', note: 'Chart left out: it could not be drawn for this data.' };
  }
}
