import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The TypeScript files under a folder, every level down, but for the folders `skip` names. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : sourceFiles(path, skip);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// The project's own import forms, as the formatter writes them: `import … from './x.js';` and
// `export … from './x.js';` (one line or several, `type` or not), `import './x.js';`, and
// `import('./x.js')`. The first pattern stops at a `;`, so it does not run from one statement into the
// next; after one without (a class), the next `from './…'` it reaches is an import anyway.
const STATIC = /^(?:import|export)\b[^;]*?\bfrom\s*'(\.[^']*)'/gms;
const BARE = /^import\s*'(\.[^']*)'/gm;
const DYNAMIC = /\bimport\(\s*'(\.[^']*)'\s*\)/g;

/** The code of a file without its comments (a URL's `//` in a string stays). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * The files a TypeScript file imports or re-exports by a relative path, type-only imports and
 * `import('…')` included, resolved as tsc resolves them under NodeNext (`./x.js` is `./x.ts`).
 */
export function relativeImports(file: string, text: string): string[] {
  const code = withoutComments(text);
  const specifiers = [STATIC, BARE, DYNAMIC].flatMap((pattern) =>
    [...code.matchAll(pattern)].map((match) => match[1]!),
  );
  return [...new Set(specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))))];
}
