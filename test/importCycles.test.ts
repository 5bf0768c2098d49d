import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImports, sourceFiles } from './support/sourceImports.js';

const SRC = join(import.meta.dirname, '..', 'src');

/**
 * Every file of src/ with the files of src/ it imports or re-exports, type-only imports included (a
 * circle through a type still makes two files that cannot be read one without the other).
 */
function importGraph(): Map<string, string[]> {
  return new Map(
    sourceFiles(SRC).map((file) => [
      file,
      relativeImports(file, readFileSync(file, 'utf8')).filter((target) => target.startsWith(`${SRC}/`)),
    ]),
  );
}

/** The strongly connected groups of more than one file (Tarjan), each named by its files, sorted. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const selfImport = group.length === 1 && (graph.get(file) ?? []).includes(file);
    if (group.length > 1 || selfImport) circles.push(group.map((path) => relative(SRC, path)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('imports', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(importCircles(graph).map((group) => group.length)).toEqual([3]);
  });

  it('go one way: no file of src/ imports, even for a type, a file that imports it back', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    // The scanner found the imports (a graph without edges has no circles either): as many as files
    // at least, and the app's start, which imports the runtime with import('…').
    expect([...graph.values()].flat().length).toBeGreaterThan(graph.size);
    expect(graph.get(join(SRC, 'main.ts'))).toContain(join(SRC, 'runtime.ts'));
    expect(importCircles(graph)).toEqual([]);
  });
});
