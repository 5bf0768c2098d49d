import type { CommandSyntax } from './commandSyntax.js';
import { pageOption, pageSizeOption } from './pagingOptions.js';

export const fundAssetSyntax: CommandSyntax = {
  operation: 'fund-asset',
  command: '/fund-asset',
  subcommands: ['fund', 'fund-asset', 'fundasset'],
  description: 'Net asset size history of a fund, by 6-digit fund code',
  positional: {
    kind: 'sequence',
    words: [
      { field: 'fundCode', name: 'fund code' },
      { field: 'pageNo', name: 'page', optional: true },
    ],
  },
  options: [pageOption('pageNo'), pageSizeOption()],
  example: '000001 page:2',
  moreExamples: ['000001', '110022 2 size:50'],
  notes: () => ['The second word, if any, is the page number (the same as page:).'],
};
