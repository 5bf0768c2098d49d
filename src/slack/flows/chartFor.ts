import { buildFundAssetChart, buildFuturesChart, resolveChart } from '../../charts/index.js';
import type { ChartImage, ChartSettings } from '../../charts/types.js';
import type { CallResult } from '../../core/client/dataClient.js';

/** The chart that goes with an answer, for the operations that have one. Never throws. */
export async function chartFor(answer: CallResult, settings: ChartSettings, timeZone: string): Promise<ChartImage | undefined> {
  try {
    if (answer.operation === 'finance-external-futures-kline') {
      return await resolveChart(buildFuturesChart((answer as CallResult<'finance-external-futures-kline'>).result, settings, timeZone), settings);
    }
    if (answer.operation === 'fund-asset') {
      return await resolveChart(buildFundAssetChart((answer as CallResult<'fund-asset'>).result, settings), settings);
    }
  } catch {
    return { kind: 'none', note: 'Chart left out: it could not be drawn for this data.' };
  }
  return undefined;
}
