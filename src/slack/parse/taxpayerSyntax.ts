import type { CommandSyntax } from './commandSyntax.js';
import { pageOption, pageSizeOption } from './pagingOptions.js';

export const taxpayerSyntax: CommandSyntax = {
  operation: 'enterprise-general-taxpayer-query',
  command: '/taxpayer',
  subcommands: ['tax', 'taxpayer'],
  description: 'General-taxpayer record of a company, by name or unified social credit code',
  positional: { kind: 'joined', word: { field: 'keyword', name: 'company name or credit code' } },
  options: [pageOption('pageNo'), pageSizeOption()],
  example: '91350100M000100Y43',
  moreExamples: ['杭州华信 page:2', '"Hangzhou Huaxin" size:20'],
  notes: () => ['All plain words together are the keyword; an 18-character code is checked before anything is spent.'],
};
