import { BID_ANY, BID_SEARCH_FIELDS } from '../../core/operations/bidSearch.js';
import { BID_REGIONS } from '../../core/operations/bidRegions.js';
import { readSynonym, type CommandSyntax } from './commandSyntax.js';
import { pageOption, pageSizeOption } from './pagingOptions.js';

// Words for "no filter" (the notice type's own): the service's default is to match every region and field.
const ANY: ReadonlySet<string> = new Set(BID_ANY);

const SEARCH_FIELD_WORDS: Readonly<Record<keyof typeof BID_SEARCH_FIELDS, readonly string[]>> = {
  '1': [BID_SEARCH_FIELDS['1'], '标题'],
  '2': [BID_SEARCH_FIELDS['2'], '采购人', '采购方'],
  '3': [BID_SEARCH_FIELDS['3'], '供应商'],
};

/** `title,purchaser` or `标题、采购人` → `1,2`. */
function readSearchFields(word: string): string | undefined {
  const parts = word.split(/[,、;\s]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => ANY.has(part.toLowerCase()))) return undefined;
  return parts.map((part) => readSynonym(SEARCH_FIELD_WORDS, part) ?? part).join(',');
}

function readRegion(word: string): string | undefined {
  // Codes and names (ZJ, 浙江, 浙江省) are resolved by the operation itself.
  return ANY.has(word.toLowerCase()) ? undefined : word;
}

/** People write dates as 2026/1/5, 2026.01.05 or 2026年1月5日; the service wants 2026-01-05. */
function readDate(word: string): string {
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(word);
  if (!match) return word;
  return `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
}

export const bidsSyntax: CommandSyntax = {
  operation: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  command: '/bids',
  subcommands: ['bids', 'bid'],
  description: 'Search tender notices, award results and planned projects by keyword, region and date',
  positional: { kind: 'joined', word: { field: 'keyword', name: 'keyword' } },
  options: [
    { field: 'province', keys: ['region', 'province', 'prov'], shape: '<code or name>', read: readRegion },
    // tender, award, planned (招标, 中标, 拟建) and "all" are the operation's own words.
    { field: 'type', keys: ['type', 'kind'], shape: 'tender|award|planned' },
    { field: 'publishStartTime', keys: ['from', 'start', 'since'], shape: '<yyyy-mm-dd>', read: readDate },
    { field: 'publishEndTime', keys: ['to', 'end', 'until'], shape: '<yyyy-mm-dd>', read: readDate },
    { field: 'searchType', keys: ['in', 'fields', 'match'], shape: 'title,purchaser,supplier', read: readSearchFields },
    pageOption('pageIndex'),
    pageSizeOption(),
  ],
  example: '光伏组件 region:ZJ type:award from:2026-01-01 to:2026-06-30',
  moreExamples: ['"solar panel" in:title,purchaser page:2', '储能电站 type:tender from:2026-03-01'],
  notes: () => {
    const published = BID_REGIONS.filter((region) => region.published);
    const assumed = BID_REGIONS.filter((region) => !region.published);
    const list = (regions: typeof BID_REGIONS) => regions.map((region) => `${region.code} ${region.name}`).join(', ');
    return [
      'All plain words together are the keyword (more than 2 characters; a region name alone or 科技 is too generic).',
      'type: tender (招标) · award (中标) · planned (拟建); in: title · purchaser · supplier, several separated by `,` or `、`.',
      'from:/to: limit the publication date; the period may span at most one year.',
      `Regions: ${list(published)}.`,
      `Also accepted (codes assumed, not published by the service): ${list(assumed)}.`,
    ];
  },
};
