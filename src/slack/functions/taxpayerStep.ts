import type { TaxpayerRecord } from '../../core/operations/taxpayer.js';
import { serviceText } from '../render/mrkdwn.js';
import { RUN_BY, StepFailure, inputText, type WorkflowStep } from './workflowStep.js';

/**
 * The spec promises an operating status and a tax credit rating but does not name their fields; these
 * are the names the service (and the simulator) use, then common alternatives.
 */
const STATUS_FIELDS = ['operatingStatus', 'regStatus', 'businessStatus', 'entStatus', 'status', '经营状态', '登记状态'];
const RATING_FIELDS = ['taxCreditRating', 'taxCreditLevel', 'creditRating', 'creditLevel', 'taxRating', '纳税信用等级'];

function firstText(record: TaxpayerRecord, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** The first match of a company name or credit code; its registration facts as the step's outputs. */
export const taxpayerStep: WorkflowStep = {
  callbackId: 'dq_taxpayer_lookup',
  inputs: {
    keyword: { type: 'string', required: true },
    run_by: RUN_BY,
  },
  outputs: {
    company_name: { type: 'string', required: true },
    credit_code: { type: 'string', required: true },
    taxpayer_type: { type: 'string', required: true },
    operating_status: { type: 'string', required: false },
    tax_credit_rating: { type: 'string', required: false },
  },
  fieldNames: { keyword: 'taxpayer.workflow.field.keyword' },

  async run(deps, { inputs, context }) {
    const keyword = inputText(inputs, 'keyword');
    const answer = await deps.data.call('enterprise-general-taxpayer-query', { keyword }, context);
    const first = answer.result.records[0];
    if (!first) throw new StepFailure({ key: 'taxpayer.workflow.fail.noTaxpayer', values: { keyword: serviceText(answer.request.keyword, { max: 100, oneLine: true }) } }, answer.coinsSpent);
    const status = firstText(first, STATUS_FIELDS);
    const rating = firstText(first, RATING_FIELDS);
    return {
      company_name: first.enterpriseName,
      credit_code: first.creditNo,
      taxpayer_type: first.taxpayerType,
      ...(status ? { operating_status: status } : {}),
      ...(rating ? { tax_credit_rating: rating } : {}),
    };
  },
};
