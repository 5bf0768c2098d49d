import { z } from 'zod';
import { isValidCreditCode, looksLikeCreditCode } from '../validation/creditCode.js';
import { HOUR, pageInfo, type OperationDefinition } from './definition.js';
import { characterCount, integerField, textField } from './fields.js';

export interface TaxpayerRequest {
  keyword: string;
  pageNo: number;
  pageSize: number;
}

/** The spec names three fields; the others it describes are kept as they come, for display. */
const taxpayerRecord = z.looseObject({
  enterpriseName: z.string(),
  creditNo: z.string(),
  taxpayerType: z.string(),
});
export type TaxpayerRecord = z.infer<typeof taxpayerRecord>;

const taxpayerData = z.looseObject({
  total: z.number(),
  list: z.array(taxpayerRecord),
});

export interface TaxpayerResult {
  total: number;
  records: TaxpayerRecord[];
}

function checkKeyword(keyword: string): string | undefined {
  if (looksLikeCreditCode(keyword)) {
    return isValidCreditCode(keyword)
      ? undefined
      : `"${keyword}" looks like a unified social credit code but its check character is wrong; check for a mistyped character`;
  }
  return characterCount(keyword) < 2 ? 'must be at least 2 characters of a company name, or an 18-character credit code' : undefined;
}

export const taxpayerQuery: OperationDefinition<TaxpayerRequest, z.infer<typeof taxpayerData>, TaxpayerResult> = {
  id: 'enterprise-general-taxpayer-query',
  alias: 'taxpayer',
  path: '/v1/enterprise-general-taxpayer-query',
  title: 'General-taxpayer record',
  cost: 20,
  costPublished: true,
  rateLimit: { count: 600, windowMs: 60_000 },
  envelope: 'A',
  input: z.object({
    keyword: textField({
      required: true,
      normalise: (text) => (looksLikeCreditCode(text) ? text.toUpperCase() : text),
      check: checkKeyword,
    }),
    pageNo: integerField({ default: 1 }),
    // The spec publishes no taxpayer page-size maximum; one Slack message shows about 20 taxpayer
    // cards whole, so a bigger page would be paid for and partly hidden.
    pageSize: integerField({ default: 10, max: 20, maxReason: 'a Slack message shows about 20 records' }),
  }),
  request: z.object({ keyword: z.string(), pageNo: z.number().int(), pageSize: z.number().int() }),
  data: taxpayerData,
  normalise: (data) => ({ total: data.total, records: data.list }),
  cacheTtlMs: { default: 24 * HOUR },
  cacheVariant: () => 'default',
  paging: (request, result) => pageInfo(request.pageNo, request.pageSize, result.total, result.records.length),
  withPage: (request, page) => ({ ...request, pageNo: page }),
  example: 'keyword=91350100M000100Y43',
};
