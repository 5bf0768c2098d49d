import type { NewFund } from '../../core/operations/newFunds.js';
import type { Lang } from '../../i18n/lang.js';
import { RUN_BY, inputText, type WorkflowStep } from './workflowStep.js';

/** One page of 50, the most the service gives for one charge (and the page digests fetch, so they share the cache). */
const PAGE_SIZE = 50;

function line(fund: NewFund, lang: Lang): string {
  const oneLine = (value: unknown) => String(value ?? '').replace(/\s+/g, ' ').trim();
  return lang.t('newFunds.workflow.line', {
    code: oneLine(fund.fundCode),
    name: oneLine(fund.fundName),
    type: oneLine(fund.fundType),
    begin: oneLine(fund.beginDate),
    end: oneLine(fund.endDate),
  });
}

/** Newly issued funds: how many there are, and the first page of them as lines of text for a message. */
export const newFundsStep: WorkflowStep = {
  callbackId: 'dq_new_funds',
  inputs: {
    sale_status: { type: 'string', required: false },
    run_by: RUN_BY,
  },
  outputs: {
    count: { type: 'number', required: true },
    funds: { type: 'string', required: true },
  },
  fieldNames: { saleStatus: 'newFunds.workflow.field.saleStatus' },

  async run(deps, { inputs, context, lang }) {
    const saleStatus = inputText(inputs, 'sale_status');
    const answer = await deps.data.call('fund-new-list', { ...(saleStatus ? { saleStatus } : {}), pageSize: PAGE_SIZE }, context);
    const { funds, total } = answer.result;
    const lines = funds.map((fund) => line(fund, lang));
    if (total > funds.length) lines.push(lang.t('newFunds.workflow.more', { count: total - funds.length }));
    return { count: total, funds: lines.length ? lines.join('\n') : lang.t('newFunds.workflow.none') };
  },
};
