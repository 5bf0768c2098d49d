import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';
import { english } from '../../../src/i18n/lang.js';
import { SLASH_COMMANDS } from '../../../src/slack/flows/routeCommand.js';
import { exampleFor, userFieldName } from '../../../src/slack/parse/examples.js';
import { parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';

describe('SLASH_COMMANDS', () => {
  it('is /dq plus one direct command per operation', () => {
    expect(SLASH_COMMANDS.map((entry) => entry.command)).toEqual([
      '/dq',
      '/taxpayer',
      '/bids',
      '/fund-asset',
      '/futures',
      '/new-funds',
    ]);
    expect(
      SLASH_COMMANDS.filter((entry) => entry.operation)
        .map((entry) => entry.operation)
        .sort(),
    ).toEqual([...OPERATION_IDS].sort());
  });

  it('fits Slack’s registration limits', () => {
    for (const entry of SLASH_COMMANDS) {
      expect(entry.command).toMatch(/^\/[a-z0-9-]{1,31}$/);
      expect(entry.description.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeLessThanOrEqual(100);
      expect(entry.usageHint.length).toBeGreaterThan(0);
      expect(entry.usageHint.length).toBeLessThanOrEqual(1000);
    }
  });

  it('each direct command, bare, opens its own form', () => {
    for (const entry of SLASH_COMMANDS) {
      if (entry.operation)
        expect(parseCommand(COMMAND_GRAMMAR, entry.command, '')).toEqual({
          kind: 'open_modal',
          operation: entry.operation,
        });
    }
  });
});

describe('examples', () => {
  it.each(OPERATION_IDS)('every example for %s parses and validates', (id) => {
    const syntax = COMMAND_GRAMMAR.syntaxOf(id);
    const lines = [
      exampleFor(COMMAND_GRAMMAR.syntaxOf(id), english),
      ...syntax.moreExamples.map((args) => `${syntax.command} ${args}`),
    ];
    for (const line of lines) {
      const [command, ...words] = line.split(' ');
      const parsed = parseCommand(COMMAND_GRAMMAR, command!, words.join(' '));
      expect(parsed, line).toMatchObject({ kind: 'query', operation: id });
      if (parsed.kind === 'query') expect(() => validate(id, parsed.input), line).not.toThrow();
    }
  });

  it('userFieldName words wire fields as the user types them', () => {
    const bids = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(bids), 'publishEndTime', english)).toBe('to:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(bids), 'publishStartTime', english)).toBe('from:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(bids), 'pageIndex', english)).toBe('page:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(bids), 'province', english)).toBe('region:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(bids), 'searchType', english)).toBe('in:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(bids), 'keyword', english)).toBe('the keyword');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf('fund-asset'), 'fundCode', english)).toBe('the fund code');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf('fund-asset'), 'pageNo', english)).toBe('page:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf('finance-external-futures-kline'), 'type', english)).toBe('period:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf('finance-external-futures-kline'), 'symbol', english)).toBe(
      'the symbol',
    );
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf('fund-new-list'), 'saleStatus', english)).toBe('status:');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf('fund-new-list'), 'somethingElse', english)).toBe('somethingElse');
  });

  it('every input field of every operation has a user name', () => {
    const fields: Record<string, string[]> = {
      'enterprise-general-taxpayer-query': ['keyword', 'pageNo', 'pageSize'],
      'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': [
        'keyword',
        'pageSize',
        'pageIndex',
        'publishStartTime',
        'publishEndTime',
        'province',
        'searchType',
        'type',
      ],
      'fund-asset': ['fundCode', 'pageNo', 'pageSize'],
      'finance-external-futures-kline': ['symbol', 'type', 'limit'],
      'fund-new-list': ['saleStatus', 'pageNo', 'pageSize'],
    };
    for (const id of OPERATION_IDS)
      for (const field of fields[id]!)
        expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(id), field, english), `${id}.${field}`).not.toBe(field);
  });
});
