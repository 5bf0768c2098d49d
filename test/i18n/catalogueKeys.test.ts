import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations } from '../../src/core/operations/index.js';
import {
  type CatalogueKey,
  isKeyOf,
  isOneOf,
  type NamesUnder,
  type OperationName,
} from '../../src/i18n/catalogueKeys.js';
import { english, type Phrase } from '../../src/i18n/lang.js';
import { ENGLISH_TITLES } from '../support/operationTitles.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('catalogue keys are types', () => {
  it.each(['', 'operations/'])('the type reads every file of locales/en/%s, under the file’s name', (folder) => {
    const source = readFileSync(join(ROOT, 'src', 'i18n', 'catalogueKeys.ts'), 'utf8');
    const imported = [
      ...source.matchAll(/^import type (\w+) from '\.\.\/\.\.\/locales\/en\/((?:operations\/)?)([\w-]+)\.json';$/gm),
    ]
      .filter((match) => match[2] === folder)
      .map((match) => ({ name: match[1]!, file: match[3]! }));
    const files = readdirSync(join(ROOT, 'locales', 'en', folder))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(imported.map((entry) => entry.file).sort()).toEqual(files);
    for (const { name, file } of imported)
      expect(source, file).toMatch(new RegExp(`^  ${/^\w+$/.test(file) ? file : `'${file}'`}: typeof ${name};$`, 'm'));
  });

  it('each operation’s name is the name of its catalogue, and a wrong one does not compile', () => {
    const names: OperationName[] = OPERATION_IDS.map((id) => operations[id].name);
    expect(names.map((name) => english.t(`${name}.title`))).toEqual(OPERATION_IDS.map((id) => ENGLISH_TITLES[id]));
    // @ts-expect-error an operation without a catalogue file of its own
    const unknown: OperationName = 'new-funds';
    // @ts-expect-error a text the operation's catalogue lacks
    const missing: CatalogueKey = 'newFunds.noSuchText';
    expect([unknown, missing]).toHaveLength(2);
  });

  it('a key the English catalogue lacks does not compile (tsc checks the @ts-expect-error lines)', () => {
    // @ts-expect-error a key that is not in the catalogue
    expect(english.t('lang.noSuchText')).toBe('lang.noSuchText');
    // @ts-expect-error a group is not a text
    const group: CatalogueKey = 'lang.names';
    // @ts-expect-error a plural form is asked for by its key and a count, not by its suffix
    const pluralForm: CatalogueKey = 'common.duration.min_one';
    // @ts-expect-error a phrase names a text of the catalogue too
    const phrase: Phrase = { key: 'digests.noSuchText' };
    expect([group, pluralForm, phrase.key]).toHaveLength(3);
    const names: NamesUnder<'lang.names'>[] = ['en', 'zh-CN'];
    expect(names.map((name) => english.t(`lang.names.${name}`))).toEqual(['English', 'Simplified Chinese (简体中文)']);
  });

  it('isKeyOf and isOneOf narrow names from outside without finding Object.prototype’s', () => {
    expect(isKeyOf({ '1': 'a' }, '1')).toBe(true);
    expect(isKeyOf({ '1': 'a' }, 'constructor')).toBe(false);
    expect(isOneOf(new Set(['a']), 'a')).toBe(true);
    expect(isOneOf(new Set(['a']), 'toString')).toBe(false);
  });
});
