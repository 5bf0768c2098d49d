import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { exampleFor } from '../../../src/slack/parse/examples.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { renderHelp } from '../../../src/slack/render/help.js';
import type { SlackMessage } from '../../../src/slack/message.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

const PRICES = pricesFrom();

/** Every piece of text a block carries, for Slack's per-section and per-message limits. */
function blockTexts(block: KnownBlock): string[] {
  const texts: string[] = [];
  if ('text' in block && block.text && typeof block.text === 'object' && 'text' in block.text) texts.push(block.text.text);
  if (block.type === 'context') for (const element of block.elements) if ('text' in element) texts.push(element.text);
  if (block.type === 'section' && block.fields) for (const field of block.fields) texts.push(field.text);
  return texts;
}

function assertMessageWithinLimits(message: SlackMessage): string {
  assertWithinSlackLimits(message, 'message');
  expect(message.text.length).toBeGreaterThan(0);
  expect(message.text.length).toBeLessThanOrEqual(3000);
  expect(message.blocks.length).toBeLessThanOrEqual(50);
  for (const block of message.blocks) {
    for (const text of blockTexts(block)) {
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(block.type === 'header' ? 150 : 3000);
    }
  }
  const all = message.blocks.flatMap(blockTexts).join('\n');
  expect(all.length + message.text.length).toBeLessThanOrEqual(12_000);
  return all;
}

describe('renderHelp', () => {
  it('lists every command with an example and its cost, within Slack’s message limits', () => {
    const text = assertMessageWithinLimits(renderHelp(PRICES));
    for (const id of OPERATION_IDS) {
      const definition = operations[id];
      expect(text).toContain(definition.title);
      expect(text).toContain(exampleFor(id));
      expect(text).toContain(`${definition.cost} coins`);
    }
  });

  it('says which costs are assumed', () => {
    const text = renderHelp(PRICES).blocks.flatMap(blockTexts).join('\n');
    const assumed = OPERATION_IDS.filter((id) => !operations[id].costPublished);
    expect(assumed.length).toBeGreaterThan(0);
    for (const id of assumed) expect(text).toMatch(new RegExp(`${operations[id].title}\\*? · ${operations[id].cost} coins per lookup \\(assumed`));
    expect(text.match(/assumed/g)?.length).toBe(assumed.length);
  });

  it('has the usage and digest lines and says a bare command opens a form', () => {
    const text = renderHelp(PRICES).blocks.flatMap(blockTexts).join('\n');
    expect(text).toContain('/dq usage');
    expect(text).toContain('/dq digest add <daily|weekdays|weekly:mon> <HH:MM> [onsale|offsale|all] [tz:Area/City]');
    expect(text).toContain('/dq digest list');
    expect(text).toContain('/dq digest remove <id>');
    expect(text).toContain('/dq digest run <id>');
    expect(text).toMatch(/without arguments .* opens a form/);
  });

  it.each(OPERATION_IDS)('help on %s: syntax, every option key, examples and cost, within limits', (id) => {
    const text = assertMessageWithinLimits(renderHelp(PRICES, id));
    const definition = operations[id];
    expect(text).toContain(`${definition.cost} coins per lookup`);
    expect(text.includes('assumed')).toBe(!definition.costPublished);
    expect(text).toContain(exampleFor(id));
    expect(text).toMatch(/alone opens a form/);
  });

  it('/dq help usage and /dq help digest explain those commands, not the general list', () => {
    const usage = assertMessageWithinLimits(renderHelp(PRICES, 'usage'));
    expect(usage).toContain('Coins and budgets');
    for (const id of OPERATION_IDS) expect(usage).toContain(`${operations[id].cost} coins per lookup`);
    expect(usage).toContain('when it resets');
    expect(usage).not.toContain('Data query commands');
    const digest = assertMessageWithinLimits(renderHelp(PRICES, 'digest'));
    expect(digest).toContain('Digests of new funds');
    expect(digest).toContain('/dq digest add weekdays 08:30 onsale tz:Asia/Shanghai');
    expect(digest).toContain('`all` (default)');
    expect(digest).not.toContain('Data query commands');
  });

  it('help on bids names every region code', async () => {
    const { BID_REGIONS } = await import('../../../src/core/operations/bidRegions.js');
    const text = renderHelp(PRICES, 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list').blocks.flatMap(blockTexts).join('\n');
    for (const region of BID_REGIONS) expect(text).toContain(`${region.code} ${region.name}`);
  });
});
