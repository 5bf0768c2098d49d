import type { OptionSyntax } from './commandSyntax.js';

// The operations name their page fields differently (pageNo, pageIndex); users always type page: (页:).
export function pageOption(field: string): OptionSyntax {
  return { field, keys: ['commands.keys.page', 'p', '页码'], shape: { key: 'commands.shapes.page' } };
}

export function pageSizeOption(field = 'pageSize'): OptionSyntax {
  return { field, keys: ['commands.keys.size', 'pagesize', 'per', '每页条数'], shape: { key: 'commands.shapes.size' } };
}
