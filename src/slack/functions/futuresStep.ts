import { serviceText } from '../render/mrkdwn.js';
import { RUN_BY, StepFailure, inputText, type WorkflowStep } from './workflowStep.js';

/** The newest candle of a futures product; the same call (and cache entry) as `/futures <symbol> <period>`. */
export const futuresStep: WorkflowStep = {
  callbackId: 'dq_futures_latest_candle',
  inputs: {
    symbol: { type: 'string', required: true },
    period: { type: 'string', required: true },
    run_by: RUN_BY,
  },
  outputs: {
    open: { type: 'number', required: true },
    high: { type: 'number', required: true },
    low: { type: 'number', required: true },
    close: { type: 'number', required: true },
    change: { type: 'number', required: true },
    time: { type: 'slack#/types/timestamp', required: true },
  },
  fieldNames: { symbol: 'futures.workflow.field.symbol', type: 'futures.workflow.field.period' },

  async run(deps, { inputs, context }) {
    const answer = await deps.data.call('finance-external-futures-kline', { symbol: inputText(inputs, 'symbol'), type: inputText(inputs, 'period') }, context);
    // Candles come oldest first; the last one may still be forming, and it is the latest there is.
    const candle = answer.result.candles.at(-1);
    if (!candle) throw new StepFailure({ key: 'futures.workflow.fail.noCandles', values: { symbol: serviceText(answer.request.symbol, { max: 20, oneLine: true }) } }, answer.coinsSpent);
    return { open: candle.open, high: candle.high, low: candle.low, close: candle.close, change: candle.change, time: Math.floor(candle.at / 1000) };
  },
};
