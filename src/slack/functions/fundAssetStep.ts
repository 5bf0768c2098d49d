import { FUND_CODE_PATTERN, type FundAssetRecord } from '../../core/operations/fundAsset.js';
import { serviceText } from '../render/mrkdwn.js';
import { RUN_BY, StepFailure, inputText, type WorkflowStep } from './workflowStep.js';

/** The newest of the first page, which holds the newest dates: what `/fund-asset <code>` calls "Latest". */
function latest(records: readonly FundAssetRecord[]): FundAssetRecord | undefined {
  return records.reduce<FundAssetRecord | undefined>((best, record) => (!best || String(record.assetDate) > String(best.assetDate) ? record : best), undefined);
}

/** A fund's latest net asset size; the same call (and cache entry) as `/fund-asset <code>`. */
export const fundAssetStep: WorkflowStep = {
  callbackId: 'dq_fund_asset_latest',
  inputs: {
    fund_code: { type: 'string', required: true },
    run_by: RUN_BY,
  },
  outputs: {
    date: { type: 'slack#/types/date', required: true },
    asset: { type: 'number', required: true },
    rate: { type: 'number', required: false },
  },
  fieldNames: { fundCode: 'fundAsset.workflow.field.fundCode' },

  async run(deps, { inputs, context }) {
    const fundCode = inputText(inputs, 'fund_code');
    // Said in the step's own words (the core check says the same), so a workflow's owner reads it in their language.
    if (!FUND_CODE_PATTERN.test(fundCode)) throw new StepFailure({ key: 'fundAsset.workflow.fail.badFundCode', values: { fundCode: serviceText(fundCode, { max: 40, oneLine: true }) } });
    const answer = await deps.data.call('fund-asset', { fundCode }, context);
    const record = latest(answer.result.records);
    if (!record) throw new StepFailure({ key: 'fundAsset.workflow.fail.noFundAsset', values: { fundCode } }, answer.coinsSpent);
    return {
      date: record.assetDate,
      asset: record.asset,
      // The earliest period has nothing to compare with: no rate rather than a made-up zero.
      ...(typeof record.assetRate === 'number' ? { rate: record.assetRate } : {}),
    };
  },
};
