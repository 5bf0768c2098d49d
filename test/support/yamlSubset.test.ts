import { describe, expect, it } from 'vitest';
import { parseYaml } from './yamlSubset.js';

describe('the YAML subset the manifests are read with', () => {
  it('reads mappings, sequences of scalars and of mappings, quotes, comments and folded text', () => {
    const text = [
      '# a comment',
      'name: Data Query  # trailing comment',
      'colour: "#1d3557"',
      "quote: 'it''s'",
      'long: >-',
      '  one',
      '  two',
      '',
      '  three',
      'flags:',
      '  on: true',
      '  off: false',
      '  count: 20',
      'list:',
      '  - a',
      '  - key: value',
      '    other: "x: y"',
      'same_column:',
      '- b',
      'empty: []',
    ].join('\n');
    expect(parseYaml(text)).toEqual({
      name: 'Data Query',
      colour: '#1d3557',
      quote: "it's",
      long: 'one two\nthree',
      flags: { on: true, off: false, count: 20 },
      list: ['a', { key: 'value', other: 'x: y' }],
      same_column: ['b'],
      empty: [],
    });
  });

  it('refuses what it does not read instead of reading it wrongly', () => {
    expect(() => parseYaml('a: &anchor 1')).toThrow(/line 1: unsupported YAML/);
    expect(() => parseYaml('a: [1, 2]')).toThrow(/unsupported YAML/);
    expect(() => parseYaml('a: 1\na: 2')).toThrow(/line 2: key "a" given twice/);
    expect(() => parseYaml('a: 1\n    b: 2')).toThrow(/line 2: unexpected indentation/);
    expect(() => parseYaml('a:\n\tb: 1')).toThrow(/tab in indentation/);
  });
});
