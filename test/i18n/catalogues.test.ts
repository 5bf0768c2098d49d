import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalogue, english, LOCALES, langFor, readCatalogue } from '../../src/i18n/lang.js';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every text of a catalogue by its full key (`fundAsset.latest`), plural forms kept apart. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [name, value] of Object.entries(catalogue)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') texts.set(key, value);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [inner, text] of flatten(value as Catalogue, key)) texts.set(inner, text);
    else throw new Error(`${key} is neither a text nor a group`);
  }
  return texts;
}

/** Keys without plural forms, each with the placeholders any of its forms uses. */
function placeholdersByKey(texts: Map<string, string>): Map<string, Set<string>> {
  const byKey = new Map<string, Set<string>>();
  for (const [key, text] of texts) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const names = byKey.get(base) ?? new Set<string>();
    for (const match of text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) names.add(match[1]!);
    for (const match of text.matchAll(/\$t\(([\w.]+)/g)) names.add(`$t(${match[1]})`);
    byKey.set(base, names);
  }
  return byKey;
}

const flat = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(readCatalogue(locale))])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the catalogues', () => {
  it('have the same keys with the same placeholders in every language', () => {
    const en = placeholdersByKey(flat.en);
    const zh = placeholdersByKey(flat['zh-CN']);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    const differing = [...en]
      .filter(([key, names]) => [...names].sort().join() !== [...(zh.get(key) ?? [])].sort().join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('give each count its plural form (English) and no empty text (either language)', () => {
    for (const [key] of flat.en)
      if (key.endsWith('_one')) expect(flat.en.has(key.replace(/_one$/, '_other')), key).toBe(true);
    for (const locale of LOCALES)
      for (const [key, text] of flat[locale]) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    expect(english.t('common.coins', { count: 1 })).toBe('1 coin');
    expect(english.t('common.coins', { count: 1234 })).toBe('1,234 coins');
    expect(langFor('zh-CN').t('common.coins', { count: 1234 })).toBe('1,234 币');
  });

  it('hold every key the code names', () => {
    const missing: string[] = [];
    const keyPattern = /(?:\bt\(|\bkey:\s*)'([a-zA-Z][\w-]*\.[\w.-]+)'/g;
    for (const file of sourceFiles('src')) {
      for (const match of readFileSync(file, 'utf8').matchAll(keyPattern)) {
        const key = match[1]!;
        if (!flat.en.has(key) && !flat.en.has(`${key}_other`) && !flat.en.has(`${key}_ordinal_other`))
          missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
