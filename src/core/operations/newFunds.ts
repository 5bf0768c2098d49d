import { z } from 'zod';
import { MINUTE, pageInfo, pagedBy, type OperationDefinition, type PagingSpec } from './definition.js';
import { choiceField, integerField } from './fields.js';

export interface NewFundsRequest {
  saleStatus?: 'true' | 'false';
  pageNo: string;
  pageSize: string;
}

const newFund = z.looseObject({
  fundType: z.string(),
  beginDate: z.string(),
  endDate: z.string(),
  fundCode: z.string(),
  fundName: z.string(),
  fundManagerName: z.string(),
  minPurchase: z.string(),
  fundOriginalFee: z.string(),
  fundDiscountFee: z.string(),
  saleStatus: z.boolean(),
});
export type NewFund = z.infer<typeof newFund>;

const newFundsData = z.looseObject({
  data: z.array(newFund),
  limit: z.string(),
  count: z.number(),
  page: z.string(),
});

export interface NewFundsResult {
  total: number;
  funds: NewFund[];
}

export const SALE_STATUS_SYNONYMS: Record<string, 'true' | 'false'> = {
  onsale: 'true', on: 'true', yes: 'true', 在售: 'true',
  offsale: 'false', off: 'false', no: 'false', 停售: 'false',
};

/** Words for "no filter": every new fund, on sale or not. */
export const SALE_STATUS_ANY = ['all', 'any', '全部', '不限'] as const;

/** The spec: at most 50 funds a call. */
const NEW_FUNDS_PAGES: PagingSpec = { pageField: 'pageNo', sizeField: 'pageSize', wire: 'string', largest: 50 };

export const newFunds: OperationDefinition<NewFundsRequest, z.infer<typeof newFundsData>, NewFundsResult> = {
  id: 'fund-new-list',
  name: 'newFunds',
  path: '/v1/fund-new-list',
  cost: 10,
  costPublished: true,
  rateLimit: { count: 60, windowMs: 60_000 },
  envelope: 'B',
  input: z
    .object({
      saleStatus: choiceField(['true', 'false'] as const, { synonyms: SALE_STATUS_SYNONYMS, none: SALE_STATUS_ANY, words: { key: 'newFunds.choices.saleStatus' } }),
      pageNo: integerField({ default: 1 }),
      pageSize: integerField({ default: NEW_FUNDS_PAGES.largest, max: NEW_FUNDS_PAGES.largest, maxReason: { key: 'validation.reason.serviceMax50' } }),
    })
    .transform((v): NewFundsRequest => {
      const request: NewFundsRequest = { pageNo: String(v.pageNo), pageSize: String(v.pageSize) };
      if (v.saleStatus) request.saleStatus = v.saleStatus;
      return request;
    }),
  request: z.object({ saleStatus: z.enum(['true', 'false']).optional(), pageNo: z.string(), pageSize: z.string() }),
  data: newFundsData,
  normalise: (data) => ({ total: data.count, funds: data.data }),
  cacheTtlMs: { default: 30 * MINUTE },
  cacheVariant: () => 'default',
  paging: (request, result) => pageInfo(Number(request.pageNo), Number(request.pageSize), result.total, result.funds.length),
  ...pagedBy<NewFundsRequest>(NEW_FUNDS_PAGES),
  example: 'saleStatus=true',
};
