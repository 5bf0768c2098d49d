import type { KnownBlock } from '@slack/types';
import { formatCnyExact } from '../../charts/numbers.js';
import type { NewFund } from '../../core/operations/newFunds.js';
import type { Lang } from '../../i18n/lang.js';
import { sectionBlock } from '../blockKit/blocks.js';
import { bold, inlineCode, serviceText, truncateMrkdwn } from '../blockKit/mrkdwn.js';
import { NO_VALUE, toNumber } from './format.js';
import { valueText } from './labels.js';

/** Several funds share a section: fifty one-block cards would use up every block a message may have. */
export const FUNDS_PER_SECTION = 5;
const SECTION_TEXT_MAX = 2900;
const VALUE_MAX = 120;

function text(value: unknown, lang: Lang): string {
  return serviceText(valueText(value, lang), { max: VALUE_MAX, oneLine: true });
}

/** Strike-through uses "~", so a fee text carrying one would garble the markup. */
function feeText(value: unknown): string {
  return typeof value === 'string' ? serviceText(value.replaceAll('~', ''), { max: 30, oneLine: true }) : '';
}

/** The fee charged, and the original beside it in words when there is a real discount: `0.08%（原 0.80%）`. */
export function formatFees(original: unknown, discount: unknown, lang: Lang): string {
  const before = feeText(original);
  const after = feeText(discount);
  if (!before && !after) return NO_VALUE;
  if (!before) return after;
  if (!after || after === before) return before;
  return lang.t('newFunds.results.discounted', { fee: after, original: before });
}

function minimumText(value: unknown, lang: Lang): string {
  return toNumber(value) === undefined ? text(value, lang) : formatCnyExact(Number(value), lang.locale);
}

/** One fund as a few mrkdwn lines (name, code, type, status; manager, window; minimum, fees). */
export function newFundEntry(fund: NewFund, lang: Lang): string {
  const status =
    fund.saleStatus === true
      ? lang.t('newFunds.results.onSale')
      : fund.saleStatus === false
        ? lang.t('newFunds.results.notOnSale')
        : NO_VALUE;
  return [
    `${bold(text(fund.fundName, lang))} ${inlineCode(text(fund.fundCode, lang))} · ${text(fund.fundType, lang)} · ${status}`,
    lang.t('newFunds.results.manager', {
      manager: text(fund.fundManagerName, lang),
      from: text(fund.beginDate, lang),
      to: text(fund.endDate, lang),
    }),
    lang.t('newFunds.results.minimum', {
      minimum: minimumText(fund.minPurchase, lang),
      fee: formatFees(fund.fundOriginalFee, fund.fundDiscountFee, lang),
    }),
  ].join('\n');
}

/** Several funds in one section's text; entries are cut evenly if a service ever sends novels. */
export function fundGroupText(group: readonly NewFund[], lang: Lang): string {
  const entries = group.map((fund) => newFundEntry(fund, lang));
  const body = entries.join('\n\n');
  if (body.length <= SECTION_TEXT_MAX) return body;
  const share = Math.floor(SECTION_TEXT_MAX / group.length) - 2;
  return entries.map((entry) => truncateMrkdwn(entry, share)).join('\n\n');
}

/** Funds as sections of five (fifty one-block cards would use up every block a message may have). */
export function newFundSections(funds: readonly NewFund[], lang: Lang): KnownBlock[] {
  const blocks: KnownBlock[] = [];
  for (let first = 0; first < funds.length; first += FUNDS_PER_SECTION)
    blocks.push(sectionBlock(fundGroupText(funds.slice(first, first + FUNDS_PER_SECTION), lang)));
  return blocks;
}
