import type { CallResult } from '../core/client/dataClient.js';
import type { OperationId } from '../core/operations/index.js';
import { buildFundAssetChart } from './fundAssetChart.js';
import { buildFuturesChart } from './futuresChart.js';
import type { ChartPlan, ChartSettings } from './quickChart.js';

/** The operations whose answers come with a chart. */
export const CHARTED_OPERATIONS: readonly OperationId[] = ['finance-external-futures-kline', 'fund-asset'];

/** The chart plan of an answer, for the operations that have one; undefined for the others. */
export function chartPlanFor(answer: CallResult, settings: ChartSettings, timeZone: string): ChartPlan | undefined {
  if (answer.operation === 'finance-external-futures-kline') {
    return buildFuturesChart((answer as CallResult<'finance-external-futures-kline'>).result, settings, timeZone);
  }
  if (answer.operation === 'fund-asset') return buildFundAssetChart((answer as CallResult<'fund-asset'>).result, settings, { firstPage: (answer.paging?.page ?? 1) <= 1 });
  return undefined;
}
