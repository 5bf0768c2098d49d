import type { CommandSyntax } from './commandSyntax.js';
import { pageOption, pageSizeOption } from './pagingOptions.js';

export const taxpayerSyntax: CommandSyntax = {
  operation: 'enterprise-general-taxpayer-query',
  command: '/taxpayer',
  subcommands: ['tax', 'taxpayer'],
  description: 'General-taxpayer record of a company, by name or unified social credit code',
  positional: { kind: 'joined', word: { field: 'keyword', name: 'company name or credit code', keepQuotes: true } },
  options: [pageOption('pageNo'), pageSizeOption()],
  example: '91330106774738789M',
  moreExamples: ['杭州华信', '杭州 page:2', '恒远 size:20'],
  notes: () => [
    'All plain words together are the keyword (a part of the registered name is enough); an 18-character code is checked before anything is spent.',
    'A name that looks like a credit code goes in "quotes".',
  ],
};
