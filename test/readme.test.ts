import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations; its two lists are all this reads.
import { README_NOT_RUN, README_RUNS } from '../scripts/test-readme.mjs';
import { readMessage } from '../src/slack/parse/messageReader.js';
import { COMMAND_GRAMMAR } from '../src/slack/slackOperations/index.js';
import { PINNED_AT } from './support/clocks.js';

/** The README and the pages under docs/ it links to: every command either shows is checked alike. */
const README = [
  new URL('../README.md', import.meta.url),
  ...readdirSync(new URL('../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .map((name) => new URL(`../docs/${name}`, import.meta.url)),
]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

interface Run {
  command: string;
  env: Record<string, string>;
}

/** The npm and printf commands the README shows: in sh blocks, and in inline code. Placeholders and optional parts dropped. */
function readmeCommands(): string[] {
  const lines: string[] = [];
  for (const block of README.matchAll(/```sh\n([\s\S]*?)```/g)) lines.push(...block[1]!.split('\n'));
  for (const span of README.matchAll(/`([^`\n]+)`/g)) lines.push(span[1]!);
  return [
    ...new Set(
      lines
        .map((line) =>
          line
            .replace(/\s+#.*$/, '')
            .replace(/\s*\[[^\]]*\]/g, '')
            .trim(),
        )
        .filter((line) => /^(?:[A-Z_]+=\S+ )*(npm|npx|printf) /.test(line) || /^(npm|npx) \w+$/.test(line))
        .filter((line) => !line.includes('<')),
    ),
  ];
}

const label = (run: Run) =>
  `${Object.entries(run.env)
    .filter(([key]) => key !== 'SIMULATOR_PORT')
    .map(([key, value]) => `${key}=${value} `)
    .join('')}${run.command}`;

describe('the README', () => {
  it('shows no npx command (npx fetches an unrelated registry package named dq)', () => {
    expect(README).not.toMatch(/\bnpx\b/);
  });

  it('names only npm scripts that exist', () => {
    const used = [...README.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((match) => match[1]!);
    expect(used.length).toBeGreaterThan(5);
    for (const script of used) expect(Object.keys(PACKAGE.scripts), script).toContain(script);
  });

  it('has every command it shows run on a fresh clone by npm run test:readme, or says why not', () => {
    const runs = new Set((README_RUNS as Run[]).map(label));
    const notRun = new Set(Object.keys(README_NOT_RUN as Record<string, string>));
    const commands = readmeCommands();
    expect(commands).toContain('npm start');
    expect(commands).toContain('npm test');
    for (const command of commands)
      expect(
        runs.has(command) || notRun.has(command),
        `README command not covered by scripts/test-readme.mjs: ${command}`,
      ).toBe(true);
    // And the script checks nothing the README no longer shows.
    for (const run of README_RUNS as Run[]) expect(README).toContain(run.command);
  });

  it('says what the first run takes', () => {
    expect(README).not.toContain('FIRST_RUN_FIGURE');
    expect(README).toMatch(/first run of either\s+takes about/);
  });
});

describe('the README’s example of a question', () => {
  it('is a message that really asks “a company, or tenders?” (华为 alone is too short for a tender search)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = /`@dq ([^`]+)`: a company, or tenders\?/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const reading = readMessage(COMMAND_GRAMMAR, example!, { now: PINNED_AT });
    expect(reading.kind).toBe('ask');
    const offered = reading.kind === 'ask' ? new Set(reading.choices.map((choice) => choice.operation)) : new Set();
    expect([...offered].sort()).toEqual(
      ['enterprise-general-taxpayer-query', 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list'].sort(),
    );
  });
});
