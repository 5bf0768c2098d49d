import { z } from 'zod';
import { inEveryLanguage, type NamesUnder, type Phrase } from '../../i18n/lang.js';
import {
  FUND_KIND_EXTRA_WORDS,
  FUND_KIND_WORDS,
  FUND_KINDS,
  type FundKind,
  filterNewFunds,
} from '../digest/newFundFilter.js';
import { MINUTE, type OperationDefinition, type PagingSpec, pagedBy, pageInfo } from './definition.js';
import { choiceField, integerField, pageNumberField } from './fields.js';

export interface NewFundsRequest {
  saleStatus?: 'true' | 'false';
  /** Kept by the app, not sent: the service lists every kind, and the page it returns is filtered as digests filter. */
  fundKind?: FundKind;
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
  /** With a kind asked for: how many funds the service's page held before those of other kinds were left out. */
  listed?: number;
}

/** The sale statuses the service filters by, and "any" for no filter: each one's word is the catalogue's (`newFunds.saleStatusWord`). */
const SALE_STATUSES = ['true', 'false'] as const satisfies readonly NamesUnder<'newFunds.saleStatusWord'>[];

/** The words help shows for the sale statuses and for no filter: onsale, offsale, all (在售、未在售、全部). */
export const SALE_STATUS_WORDS: readonly Phrase[] = [...SALE_STATUSES, 'any' as const].map((status) => ({
  key: `newFunds.saleStatusWord.${status}`,
}));

/**
 * Words for a sale status besides its word in every language's catalogue. 停售 was the word shown for
 * "not on sale" until it was found to mislead (the service's `false` also covers funds not yet on
 * sale); it is still read.
 */
export const SALE_STATUS_EXTRA_WORDS: Readonly<Record<(typeof SALE_STATUSES)[number], readonly string[]>> = {
  true: ['on', 'yes'],
  false: ['off', 'no', '停售'],
};

/** Every word read for a sale status, in lower case. */
export const SALE_STATUS_SYNONYMS: Readonly<Record<string, 'true' | 'false'>> = Object.fromEntries(
  SALE_STATUSES.flatMap((status) =>
    [...inEveryLanguage(`newFunds.saleStatusWord.${status}`), ...SALE_STATUS_EXTRA_WORDS[status]].map(
      (word) => [word.toLowerCase(), status] as const,
    ),
  ),
);

/** Words besides the catalogue's for "no filter": every new fund, on sale or not. */
export const SALE_STATUS_ANY_EXTRA_WORDS = ['any', '不限'];
export const SALE_STATUS_ANY: readonly string[] = [
  ...inEveryLanguage('newFunds.saleStatusWord.any'),
  ...SALE_STATUS_ANY_EXTRA_WORDS,
];

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
      saleStatus: choiceField(SALE_STATUSES, {
        synonyms: SALE_STATUS_SYNONYMS,
        none: SALE_STATUS_ANY,
        words: { words: SALE_STATUS_WORDS, joinedBy: 'common.wordList.choices' },
      }),
      fundKind: choiceField(FUND_KINDS, {
        // The words digests read for a kind (债券型, bond, 债基): one list for both.
        synonyms: Object.fromEntries(
          FUND_KINDS.flatMap((kind) =>
            [...inEveryLanguage(`digests.fundKind.${kind}`), ...FUND_KIND_EXTRA_WORDS[kind]].map((word) => [
              word.toLowerCase(),
              kind,
            ]),
          ),
        ),
        words: { words: FUND_KIND_WORDS, joinedBy: 'common.wordList.choices' },
      }),
      pageNo: pageNumberField(),
      pageSize: integerField({
        default: NEW_FUNDS_PAGES.largest,
        max: NEW_FUNDS_PAGES.largest,
        maxReason: { key: 'validation.reason.serviceMax50' },
      }),
    })
    .transform((v): NewFundsRequest => {
      const request: NewFundsRequest = { pageNo: String(v.pageNo), pageSize: String(v.pageSize) };
      if (v.saleStatus) request.saleStatus = v.saleStatus;
      if (v.fundKind) request.fundKind = v.fundKind;
      return request;
    }),
  request: z.object({
    saleStatus: z.enum(['true', 'false']).optional(),
    fundKind: z.enum(FUND_KINDS).optional(),
    pageNo: z.string(),
    pageSize: z.string(),
  }),
  body: ({ fundKind: _kept, ...sent }) => sent,
  data: newFundsData,
  normalise: (data, request) =>
    request.fundKind
      ? { total: data.count, funds: filterNewFunds(data.data, { kinds: [request.fundKind] }), listed: data.data.length }
      : { total: data.count, funds: data.data },
  cacheTtlMs: { default: 30 * MINUTE },
  cacheVariant: () => 'default',
  paging: (request, result) =>
    pageInfo(Number(request.pageNo), Number(request.pageSize), result.total, result.funds.length),
  ...pagedBy<NewFundsRequest>(NEW_FUNDS_PAGES),
  names: (result) => result.funds.map((fund) => ({ subject: `fund:${fund.fundCode}`, name: fund.fundName.trim() })),
  example: 'saleStatus=true',
};
