import { z } from 'zod';
import type { Phrase } from '../../i18n/lang.js';
import { HOUR, type OperationDefinition, type PagingSpec, pagedBy, pageInfo } from './definition.js';
import { integerField, pageNumberField, textField } from './fields.js';

export interface FundAssetRequest {
  fundCode: string;
  pageNo: string;
  pageSize: string;
}

const fundAssetRecord = z.looseObject({
  assetDate: z.string(),
  // The earliest period has nothing to compare with; a null rate there is not a changed response.
  assetRate: z.number().nullable(),
  asset: z.number(),
});
export type FundAssetRecord = z.infer<typeof fundAssetRecord>;

const fundAssetData = z.looseObject({
  list: z.array(fundAssetRecord),
  // Not in the spec; used for "page x of y" when the service sends it.
  total: z.number().optional(),
});

export interface FundAssetResult {
  fundCode: string;
  total?: number;
  records: FundAssetRecord[];
}

export const FUND_CODE_PATTERN = /^\d{6}$/;

export function checkFundCode(code: string): Phrase | undefined {
  return FUND_CODE_PATTERN.test(code) ? undefined : { key: 'fundAsset.problems.fundCode', values: { code } };
}

/** The spec: at most 50 records a call. */
const FUND_ASSET_PAGES: PagingSpec = { pageField: 'pageNo', sizeField: 'pageSize', wire: 'string', largest: 50 };

export const fundAsset: OperationDefinition<FundAssetRequest, z.infer<typeof fundAssetData>, FundAssetResult> = {
  id: 'fund-asset',
  name: 'fundAsset',
  path: '/v1/fund-asset',
  cost: 10,
  costPublished: true,
  rateLimit: { count: 60, windowMs: 60_000 },
  envelope: 'B',
  input: z
    .object({
      fundCode: textField({ required: true, check: checkFundCode }),
      pageNo: pageNumberField(),
      pageSize: integerField({
        default: FUND_ASSET_PAGES.largest,
        max: FUND_ASSET_PAGES.largest,
        maxReason: { key: 'validation.reason.serviceMax50' },
      }),
    })
    .transform(
      (v): FundAssetRequest => ({ fundCode: v.fundCode, pageNo: String(v.pageNo), pageSize: String(v.pageSize) }),
    ),
  request: z.object({ fundCode: z.string(), pageNo: z.string(), pageSize: z.string() }),
  data: fundAssetData,
  normalise: (data, request) => {
    const result: FundAssetResult = { fundCode: request.fundCode, records: data.list };
    if (data.total !== undefined) result.total = data.total;
    return result;
  },
  cacheTtlMs: { default: 6 * HOUR },
  cacheVariant: () => 'default',
  paging: (request, result) =>
    pageInfo(Number(request.pageNo), Number(request.pageSize), result.total, result.records.length),
  ...pagedBy<FundAssetRequest>(FUND_ASSET_PAGES),
  subject: (request) => `fund:${request.fundCode}`,
  example: 'fundCode=000001',
};
