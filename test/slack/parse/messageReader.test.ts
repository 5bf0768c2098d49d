import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { askFirst, validate } from '../../../src/core/operations/validate.js';
import { type MessageReading, readMessage } from '../../../src/slack/parse/messageReader.js';
import { type ParsedCommand, parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { PINNED_AT } from '../../support/clocks.js';
import { type Expectation, type FollowUp, type Phrasing, phrasings } from './phrasings.js';

const NOW = PINNED_AT;
const FUTURES: OperationId = 'finance-external-futures-kline';
const FUND_ASSET: OperationId = 'fund-asset';

/** What a command line asks, as the app reads it: `/futures CL 1d 30` → its parsed command. */
function commandOf(line: string): ParsedCommand {
  const [command, ...rest] = line.split(' ');
  return parseCommand(COMMAND_GRAMMAR, command!, rest.join(' '));
}

/** The wire request validation makes of an input at the test clock, or the problems it refuses it with (free). */
function judged(operation: OperationId, input: Record<string, unknown>): unknown {
  try {
    const request = validate(operation, input, NOW);
    askFirst(operation, request, input);
    return { request };
  } catch (error) {
    if (error instanceof ValidationError)
      return { refused: error.problems.map((problem) => problem.phrase?.key ?? problem.message) };
    throw error;
  }
}

function describeReading(reading: MessageReading): string {
  return JSON.stringify(reading);
}

/** The slash command of an operation, as the table names the operations a question offers. */
function slashCommand(operation: OperationId): string {
  return COMMAND_GRAMMAR.syntaxOf(operation).command;
}

function previousFor(expectation: Expectation): OperationId | undefined {
  if (!('followUp' in expectation)) return undefined;
  return typeof expectation.followUp === 'object' && 'period' in expectation.followUp ? FUTURES : FUND_ASSET;
}

function checkFollowUp(reading: MessageReading, expected: FollowUp): void {
  expect(reading.kind).toBe('followUp');
  if (reading.kind !== 'followUp') return;
  const { followUp } = reading;
  if (expected === 'next' || expected === 'previous')
    expect(followUp).toEqual({ kind: 'page', move: { kind: expected } });
  else if (expected === 'chart' || expected === 'export' || expected === 'watch')
    expect(followUp).toEqual({ kind: expected });
  else if ('page' in expected) expect(followUp).toEqual({ kind: 'page', move: { kind: 'page', page: expected.page } });
  else {
    // A change of period applied to a futures lookup is the lookup with that period.
    expect(followUp.kind).toBe('change');
    if (followUp.kind !== 'change') return;
    expect(followUp.operation).toBe(FUTURES);
    const typed = commandOf(`/futures CL ${expected.period}`);
    expect(judged(FUTURES, { symbol: 'CL', ...followUp.input })).toEqual(
      judged(FUTURES, typed.kind === 'query' ? typed.input : {}),
    );
  }
}

function check({ text, expect: expectation }: Phrasing): void {
  const reading = readMessage(COMMAND_GRAMMAR, text, { now: NOW, previous: previousFor(expectation) });
  const why = `${JSON.stringify(text)} read as ${describeReading(reading)}`;
  if ('command' in expectation) {
    const wanted = commandOf(expectation.command);
    expect(reading.kind, why).toBe('command');
    if (reading.kind !== 'command') return;
    if (wanted.kind !== 'query') {
      expect(reading.parsed, why).toEqual(wanted);
      return;
    }
    expect(reading.parsed.kind, why).toBe('query');
    if (reading.parsed.kind !== 'query') return;
    expect(reading.parsed.operation, why).toBe(wanted.operation);
    expect(judged(reading.parsed.operation, reading.parsed.input), why).toEqual(judged(wanted.operation, wanted.input));
  } else if ('ask' in expectation) {
    expect(reading.kind, why).toBe('ask');
    if (reading.kind !== 'ask') return;
    const offered = [...new Set(reading.choices.map((choice) => slashCommand(choice.operation)))].sort();
    expect(offered, why).toEqual([...expectation.ask].sort());
    // Every ready lookup a question offers passes validation as its command would: nothing offered is refused later.
    for (const choice of reading.choices.filter((one) => one.complete))
      expect(judged(choice.operation, choice.input), why).toHaveProperty('request');
  } else if ('help' in expectation) expect(reading.kind, why).toBe('greeting');
  else if ('unreadable' in expectation) expect(reading.kind, why).toBe('unreadable');
  else checkFollowUp(reading, expectation.followUp);
}

describe('the message reader: what people write, and what the app makes of it', () => {
  it('has at least 150 phrasings, half of them Chinese', () => {
    expect(phrasings.length).toBeGreaterThanOrEqual(150);
    expect(phrasings.filter((phrasing) => phrasing.lang === 'zh').length * 2).toBeGreaterThanOrEqual(phrasings.length);
  });

  it.each(phrasings.map((phrasing) => [phrasing.text.slice(0, 60), phrasing] as const))('%s', (_, phrasing) =>
    check(phrasing),
  );
});

describe('the language a message is answered in', () => {
  const said = (text: string) => readMessage(COMMAND_GRAMMAR, text, { now: NOW }).said;

  it('is Chinese for a message in Chinese characters alone, a name searched for included (demo trial: `@dq 华为`)', () => {
    for (const text of ['华为', '杭州华信', '上海恒远软件科技股份有限公司', '光伏组件'])
      expect(said(text), text).toBe('zh-CN');
  });

  it('is the message’s own words otherwise: a name in a sentence of English, or codes alone, do not make it Chinese', () => {
    expect(said('look up 杭州华信')).toBe('en');
    expect(said('Apple Inc')).toBeUndefined();
    expect(said('000001')).toBeUndefined();
  });
});

describe('what a message asks of a record, and which words say the writer’s language (issue 44)', () => {
  const reading = (text: string) => readMessage(COMMAND_GRAMMAR, text, { now: NOW });

  it('carries a yes/no question about a taxpayer record with the lookup, for the answer to say first', () => {
    expect(reading('杭州华信是一般纳税人吗')).toMatchObject({ kind: 'command', asks: 'generalTaxpayer' });
    expect(reading('杭州华信是A级纳税人吗')).toMatchObject({ kind: 'command', asks: 'creditRating' });
    expect(reading('杭州华信还在经营吗')).toMatchObject({ kind: 'command', asks: 'operating' });
    expect(reading('杭州华信的税号')).toMatchObject({ kind: 'command', asks: 'taxId' });
    expect(reading('杭州华信 纳税人')).not.toHaveProperty('asks');
  });

  it('reads a message starting with check or 核查 as what it names: only /dq check opens the form', () => {
    expect(reading('check 91330106774738789M')).toMatchObject({ kind: 'command', parsed: { kind: 'query' } });
    expect(reading('核查 91330106774738789M')).not.toMatchObject({ parsed: { kind: 'check' } });
  });

  it('takes no language from the app’s own English words: `help`, `newfunds onsale`, `CL daily 60`', () => {
    for (const text of ['help', 'usage last', 'newfunds onsale', 'CL daily 60', 'fund 000001'])
      expect(reading(text).said, text).toBeUndefined();
    expect(reading('帮助').said).toBe('zh-CN');
    expect(reading('new funds on sale please').said).toBe('en');
  });
});
