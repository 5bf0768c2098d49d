import { describe, expect, it } from 'vitest';
import { relativeImports } from './sourceImports.js';

describe('relativeImports, the import graph the layout and circle tests read', () => {
  it('finds every form the project writes, resolved to .ts files, and nothing in comments or other statements', () => {
    const text = [
      "import { readFileSync } from 'node:fs';",
      "import { type A, b } from './a.js';",
      'import type {',
      '  C,',
      '  D,',
      "} from '../c/d.js';",
      "export * from './e.js';",
      "export type { F } from './f.js';",
      "import './g.js';",
      "// import { h } from './commented.js';",
      "/* export * from './alsoCommented.js'; */",
      "export const note = 'read from the store';",
      "const store = async () => (await import('./h.js')).open();",
      "import { again } from './a.js';",
    ].join('\n');
    expect(relativeImports('/p/src/x/file.ts', text)).toEqual([
      '/p/src/x/a.ts',
      '/p/src/c/d.ts',
      '/p/src/x/e.ts',
      '/p/src/x/f.ts',
      '/p/src/x/g.ts',
      '/p/src/x/h.ts',
    ]);
  });
});
