// enterprise-general-taxpayer-query. Unlike the other operations its paging fields are JSON numbers.
// The spec shows no defaults or maximum for paging; ours: pageNo 1, pageSize 10, at most 50.
import { looksLikeCreditCode } from '../../core/validation/creditCode.js';
import { TAXPAYER_CATALOGUE } from '../data/taxpayerCatalogue.js';
import { changedTaxpayer } from '../dataChanges.js';
import { countFromNumber, InvalidParameterError, pageItems, type RequestBody } from '../wireFields.js';
import { simulatedOperation } from './types.js';

export const TAXPAYER_MAX_PAGE_SIZE = 50;

function requiredKeyword(body: RequestBody): string {
  const keyword = body.keyword;
  if (keyword === undefined) throw new InvalidParameterError('keyword is required');
  if (typeof keyword !== 'string') throw new InvalidParameterError('keyword must be a string');
  if (keyword.trim() === '') throw new InvalidParameterError('keyword is required');
  return keyword.trim();
}

export const taxpayerHandler = simulatedOperation({
  id: 'enterprise-general-taxpayer-query',
  typedName: 'taxpayer',
  envelope: 'A',
  costInCoins: 20,
  defaultRateLimit: { count: 600, windowMs: 60_000 },
  handle: (body, { nowMs, changes = [] }) => {
    const keyword = requiredKeyword(body);
    const pageNo = countFromNumber(body, 'pageNo', { defaultValue: 1, max: Number.MAX_SAFE_INTEGER });
    const pageSize = countFromNumber(body, 'pageSize', { defaultValue: 10, max: TAXPAYER_MAX_PAGE_SIZE });
    // A full credit code names one company; anything else is a part of a company name.
    const catalogue =
      changes.length === 0
        ? TAXPAYER_CATALOGUE
        : TAXPAYER_CATALOGUE.map((record) => changedTaxpayer(record, changes, nowMs));
    const matches = looksLikeCreditCode(keyword)
      ? catalogue.filter((record) => record.creditNo === keyword.toUpperCase())
      : catalogue.filter((record) => record.enterpriseName.includes(keyword));
    return { total: matches.length, list: pageItems(matches, pageNo, pageSize) };
  },
  changedField: ({ list: _list, ...rest }) => rest,
});
