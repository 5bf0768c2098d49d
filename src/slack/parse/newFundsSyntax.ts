import { SALE_STATUS_SYNONYMS } from '../../core/operations/newFunds.js';
import type { CommandSyntax } from './commandSyntax.js';
import { pageOption, pageSizeOption } from './pagingOptions.js';

function statusWords(value: 'true' | 'false'): string {
  return [...Object.keys(SALE_STATUS_SYNONYMS).filter((word) => SALE_STATUS_SYNONYMS[word] === value), value].join('/');
}

export const newFundsSyntax: CommandSyntax = {
  operation: 'fund-new-list',
  command: '/new-funds',
  subcommands: ['newfunds', 'new-funds', 'new'],
  description: 'Newly issued funds, on sale or not',
  positional: { kind: 'sequence', words: [{ field: 'saleStatus', name: 'onsale|offsale|all', optional: true }] },
  options: [{ field: 'saleStatus', keys: ['status', 'sale'], shape: 'onsale|offsale|all' }, pageOption('pageNo'), pageSizeOption()],
  example: 'onsale',
  moreExamples: ['all page:2', 'offsale size:50'],
  notes: () => [`On sale: ${statusWords('true')} · not on sale: ${statusWords('false')} · all/全部: no filter.`],
};
