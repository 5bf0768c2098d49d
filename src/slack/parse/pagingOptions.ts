import type { OptionSyntax } from './commandSyntax.js';

// The operations name their page fields differently (pageNo, pageIndex); users always type page:.
export function pageOption(field: string): OptionSyntax {
  return { field, keys: ['page', 'p'], shape: '<n>' };
}

export function pageSizeOption(field = 'pageSize'): OptionSyntax {
  return { field, keys: ['size', 'pagesize', 'per'], shape: '<n>' };
}
