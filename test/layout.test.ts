import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, type OperationId, operations, typedName } from '../src/core/operations/index.js';
import { relativeImports, sourceFiles, withoutComments } from './support/sourceImports.js';

const SRC = join(import.meta.dirname, '..', 'src');

/** The modules named after one operation: `<name>.ts` (its core definition), `<name>Slack.ts` (its Slack module) and `<name>Chart.ts`. */
function modulesOf(id: OperationId): string[] {
  const { name } = operations[id];
  const files = new Set(sourceFiles(SRC, ['simulator']).map((file) => basename(file, '.ts')));
  return [name, `${name}Slack`, `${name}Chart`].filter((module) => files.has(module));
}

/** The files of src/ a file imports (type imports too), as paths relative to src/. */
function importsOf(file: string): string[] {
  return relativeImports(file, readFileSync(file, 'utf8')).map((path) => relative(SRC, path));
}

/**
 * A file knows an operation when it names its id or its name (as in code or as typed) in code (a quoted string) or imports one
 * of the operation's own modules. Words in help text and comments do not count.
 */
function filesKnowing(id: OperationId): string[] {
  const { name } = operations[id];
  const names = [...new Set([id, name, typedName(name)])].map((name) => name.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&'));
  // Quoted ('futures'), opening a catalogue key ('futures.watch.above') or naming its catalogue file (…/operations/futures.json').
  const quoted = new RegExp(`['"\`](${names.join('|')})(['"\`]|\\.)|/(${names.join('|')})\\.json'`);
  const imports = new RegExp(`from '[^']*/(${modulesOf(id).join('|')})\\.js'`);
  return sourceFiles(SRC, ['simulator'])
    .filter((file) => {
      const text = withoutComments(readFileSync(file, 'utf8'));
      return quoted.test(text) || imports.test(text);
    })
    .map((file) => relative(SRC, file));
}

/**
 * Its definition and Slack module (its Workflow Builder step included) with their two indexes, the
 * catalogue index that types its texts (i18n/catalogueKeys.ts: its catalogue's import and entry),
 * its chart and one more (a digest, `dq ping`, help's examples).
 */
const MOST_FILES = 7;

/** A file's room inside src/slack: the folder right under it, or the file itself at its root (app.ts, deps.ts). */
function slackRoom(file: string): string | undefined {
  const path = relative(join(SRC, 'slack'), file);
  if (path.startsWith('..')) return undefined;
  const [first, ...rest] = path.split('/');
  return rest.length > 0 ? `${first}/` : first;
}

/** Rooms of src/slack that import each other, directly or round a loop: each as the files that close it. */
function slackRoomLoops(): string[] {
  const arrows = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(join(SRC, 'slack'))) {
    const from = slackRoom(file)!;
    for (const imported of importsOf(file)) {
      const to = slackRoom(join(SRC, imported));
      if (to === undefined || to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Map());
      arrows.get(from)!.set(to, `${relative(SRC, file)} -> ${imported}`);
    }
  }
  const loops: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (room: string, path: string[]): void => {
    state.set(room, 'open');
    for (const [next, why] of arrows.get(room) ?? []) {
      if (state.get(next) === 'open') loops.push([...path, why].join(', '));
      else if (!state.has(next)) visit(next, [...path, why]);
    }
    state.set(room, 'done');
  };
  for (const room of arrows.keys()) if (!state.has(room)) visit(room, []);
  return loops;
}

describe('the layout', () => {
  it.each(OPERATION_IDS)(`%s is known to at most ${MOST_FILES} files of src/ outside the simulator`, (id) => {
    expect(filesKnowing(id).length, filesKnowing(id).join('\n')).toBeLessThanOrEqual(MOST_FILES);
  });

  it('only the flows read the Slack operation registry: parse, render and modals are handed what they need', () => {
    const readers = sourceFiles(SRC, ['simulator']).filter((file) =>
      importsOf(file).includes(join('slack', 'slackOperations', 'index.ts')),
    );
    expect(
      readers.map((file) => relative(SRC, file)).filter((file) => !file.startsWith(`${join('slack', 'flows')}/`)),
    ).toEqual([]);
  });

  it('no import runs back up inside src/slack: its rooms (the folders right under it) import one another in one direction only', () => {
    expect(slackRoomLoops()).toEqual([]);
  });

  it('the ground floors import nothing of src above them: time/ only itself, i18n/ only itself and time/', () => {
    const upward = ['time', 'i18n'].flatMap((room) => {
      const below = room === 'time' ? ['time/', '../'] : ['time/', 'i18n/', '../'];
      return sourceFiles(join(SRC, room)).flatMap((file) =>
        importsOf(file)
          .filter((imported) => !below.some((floor) => imported.startsWith(floor)))
          .map((imported) => `${relative(SRC, file)} -> ${imported}`),
      );
    });
    expect(upward).toEqual([]);
  });

  it("charts' users outside charts/ take the renderer contract from chartRenderer.ts: quickChart.ts only for its URLs", () => {
    const quickChartUsers = sourceFiles(SRC)
      .filter((file) => !file.startsWith(join(SRC, 'charts')))
      .filter((file) => importsOf(file).includes(join('charts', 'quickChart.ts')))
      .map((file) => relative(SRC, file));
    // The flow that resolves a plan (a short URL) and `dq chart`, which prints a QuickChart URL.
    expect(quickChartUsers.sort()).toEqual([join('cli', 'chartCommand.ts'), join('slack', 'flows', 'chartFor.ts')]);
  });

  it('each exported name is defined in one file of src/ outside the simulator (which knows the service on its own)', () => {
    const definedIn = new Map<string, string[]>();
    for (const file of sourceFiles(SRC, ['simulator'])) {
      const names = readFileSync(file, 'utf8').matchAll(
        /^export (?:declare )?(?:async )?(?:function\*?|const|let|class|interface|type|enum|abstract class) ([\w$]+)/gm,
      );
      // A function's overloads are one definition.
      for (const name of new Set([...names].map((match) => match[1]!)))
        definedIn.set(name, [...(definedIn.get(name) ?? []), relative(SRC, file)]);
    }
    expect(
      [...definedIn].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`),
    ).toEqual([]);
  });

  it('each folder of src/ has a name no other folder has, so a path read once says which room it is', () => {
    const folders = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const folder = relative(SRC, dirname(file));
      if (folder === '') continue;
      folders.set(basename(folder), [...new Set([...(folders.get(basename(folder)) ?? []), folder])]);
    }
    expect([...folders.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('core knows no Slack', () => {
    const coreFiles = sourceFiles(join(SRC, 'core')).filter((file) =>
      /from '[^']*(\/slack\/|@slack\/)/.test(readFileSync(file, 'utf8')),
    );
    expect(coreFiles.map((file) => relative(SRC, file))).toEqual([]);
  });
});
