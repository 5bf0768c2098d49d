import { z } from 'zod';
import { english, type Phrase } from '../../i18n/lang.js';
import { isValidCreditCode, looksLikeCreditCode } from '../validation/creditCode.js';
import { HOUR, type OperationDefinition, type PagingSpec, pagedBy, pageInfo } from './definition.js';
import { characterCount, integerField, pageNumberField, textField } from './fields.js';
import { keywordAsAsked } from './keyword.js';

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

/**
 * Longer than any registered company name (the longest run to about 50 characters); a pasted
 * paragraph would be charged and match nothing. The spec sets no maximum, so this is the app's own.
 */
export const TAXPAYER_KEYWORD_MAX = 100;

/** Quotes around a keyword ("…", “…”, 「…」): search it as a name even when it looks like a credit code. */
const QUOTED = /^(?:"(.*)"|“(.*)”|「(.*)」)$/s;

function unquoted(text: string): string | undefined {
  const match = QUOTED.exec(text.trim());
  return match ? (match[1] ?? match[2] ?? match[3]!).trim() : undefined;
}

/** Every layer of quotes off (so the wire keyword validates to itself), in the form the app asks it in. */
function readKeyword(text: string): string {
  let keyword = text.normalize('NFKC');
  for (let inner = unquoted(keyword); inner !== undefined; inner = unquoted(keyword)) keyword = inner;
  return keywordAsAsked(keyword);
}

function checkKeyword(keyword: string): Phrase | undefined {
  const length = characterCount(keyword);
  if (length > TAXPAYER_KEYWORD_MAX)
    return { key: 'taxpayer.problems.keywordTooLong', values: { length, max: TAXPAYER_KEYWORD_MAX } };
  return length < 2 ? { key: 'taxpayer.problems.keywordTooShort' } : undefined;
}

/** 17 or 19 letters and digits, mostly digits: a credit code with one character too few or too many. */
function looksLikeMistypedCreditCode(text: string): boolean {
  return /^[0-9A-Za-z]{17}$|^[0-9A-Za-z]{19}$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 10;
}

/**
 * A keyword shaped like a credit code that cannot be one would be charged as a name and find
 * nothing: ask first. A keyword typed in quotes is meant as a name and goes ahead.
 */
function confirmKeyword(request: TaxpayerRequest, input: unknown): Phrase | undefined {
  const typed = (input as { keyword?: unknown } | null)?.keyword;
  if (typeof typed === 'string' && unquoted(typed) !== undefined) return undefined;
  const { keyword } = request;
  if (looksLikeCreditCode(keyword) && !isValidCreditCode(keyword)) {
    return { key: 'taxpayer.problems.wrongCheckCharacter', values: { keyword } };
  }
  if (looksLikeMistypedCreditCode(keyword)) {
    return { key: 'taxpayer.problems.codeLength', values: { keyword, length: characterCount(keyword) } };
  }
  return undefined;
}

/**
 * The spec publishes no taxpayer page-size maximum (the simulator stops at 50). The app caps it at
 * 20: twenty records fill a native table comfortably, and the fallback layout for a surface without
 * tables shows about twenty taxpayer cards whole in one message, so a bigger page would be paid for
 * and partly hidden there. Numbers on the wire, as the spec's example sends them.
 */
const TAXPAYER_PAGES: PagingSpec = { pageField: 'pageNo', sizeField: 'pageSize', wire: 'number', largest: 20 };

export const taxpayer: OperationDefinition<TaxpayerRequest, z.infer<typeof taxpayerData>, TaxpayerResult> = {
  id: 'enterprise-general-taxpayer-query',
  name: 'taxpayer',
  path: '/v1/enterprise-general-taxpayer-query',
  cost: 20,
  costPublished: true,
  rateLimit: { count: 600, windowMs: 60_000 },
  envelope: 'A',
  input: z.object({
    keyword: textField({ required: true, normalise: readKeyword, check: checkKeyword }),
    pageNo: pageNumberField(),
    pageSize: integerField({
      default: TAXPAYER_PAGES.largest,
      max: TAXPAYER_PAGES.largest,
      maxReason: { key: 'taxpayer.reason.pageSizeMax' },
    }),
  }),
  request: z.object({ keyword: z.string(), pageNo: z.number().int(), pageSize: z.number().int() }),
  data: taxpayerData,
  normalise: (data) => ({ total: data.total, records: data.list }),
  names: (result) => result.records.map((record) => ({ subject: 'company', name: record.enterpriseName })),
  cacheTtlMs: { default: 24 * HOUR },
  cacheVariant: () => 'default',
  paging: (request, result) => pageInfo(request.pageNo, request.pageSize, result.total, result.records.length),
  ...pagedBy<TaxpayerRequest>(TAXPAYER_PAGES),
  confirm: (request, input) => {
    const question = confirmKeyword(request, input);
    return question ? { field: 'keyword', message: english.t(question), phrase: question } : undefined;
  },
  example: 'keyword=91330106774738789M',
};
