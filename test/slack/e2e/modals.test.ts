import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../src/core/operations/index.js';
import {
  DEFAULT_CHANNEL_ID,
  DEFAULT_USER_ID,
  dmChannelFor,
  type StateValues,
  stateValue,
} from '../../support/slack/index.js';
import { allText, footerText, type PublishedView, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { type Answer, fillForm, OPS, simulatorCost } from './forms.js';

/**
 * Every search form: opened by a bare command, filled in and submitted the way Slack sends it.
 * Valid input closes the form and the result goes back where the form was opened; invalid input goes
 * back onto the form's fields (response_action: errors) and nothing is sent upstream.
 */

interface FormCase {
  command: string;
  typedName: string;
  operation: OperationId;
  answers: Record<string, Answer>;
  wire: Record<string, unknown>;
}

const VALID: FormCase[] = [
  {
    command: '/taxpayer',
    typedName: 'taxpayer',
    operation: OPS.taxpayer,
    answers: { 'dq:taxpayer:keyword': '杭州华信' },
    wire: { keyword: '杭州华信', pageNo: 1, pageSize: 20 },
  },
  {
    command: '/bids',
    typedName: 'bids',
    operation: OPS.bids,
    answers: {
      'dq:bids:keyword': '光伏组件',
      'dq:bids:searchType': ['1', '2'],
      'dq:bids:type': '2',
      'dq:bids:province': 'ZJ',
      'dq:bids:publishStartTime': '2026-01-01',
      'dq:bids:publishEndTime': '2026-06-30',
    },
    wire: {
      keyword: '光伏组件',
      pageSize: '10',
      pageIndex: '1',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
      province: 'ZJ',
      searchType: '1,2',
      type: '2',
    },
  },
  {
    command: '/fund-asset',
    typedName: 'fund-asset',
    operation: OPS.fundAsset,
    answers: { 'dq:fund-asset:fundCode': '000001', 'dq:fund-asset:pageSize': '20' },
    wire: { fundCode: '000001', pageNo: '1', pageSize: '20' },
  },
  // Invisible characters (a zero-width space, a right-to-left override) are not part of what is asked.
  {
    command: '/taxpayer',
    typedName: 'taxpayer',
    operation: OPS.taxpayer,
    answers: { 'dq:taxpayer:keyword': '\u200B华信\u202E科技\uFEFF' },
    wire: { keyword: '华信科技', pageNo: 1, pageSize: 20 },
  },
  {
    command: '/futures',
    typedName: 'futures',
    operation: OPS.futures,
    answers: { 'dq:futures:symbol': 'cl', 'dq:futures:type': '60', 'dq:futures:limit': '48' },
    wire: { symbol: 'CL', type: '60', limit: '48' },
  },
  {
    command: '/new-funds',
    typedName: 'new-funds',
    operation: OPS.newFunds,
    answers: { 'dq:new-funds:saleStatus': 'true', 'dq:new-funds:pageSize': '50' },
    wire: { saleStatus: 'true', pageNo: '1', pageSize: '50' },
  },
];

interface InvalidCase {
  name: string;
  command: string;
  answers: Record<string, Answer>;
  /** Replace a submitted value with one the form does not offer (a forged payload). */
  forge?: StateValues;
  errors: Record<string, RegExp>;
}

const INVALID: InvalidCase[] = [
  {
    name: 'taxpayer keyword too short',
    command: '/taxpayer',
    answers: { 'dq:taxpayer:keyword': '华' },
    errors: { 'dq:taxpayer:keyword': /at least 2 characters/i },
  },
  {
    name: 'taxpayer credit code with a wrong check character',
    command: '/taxpayer',
    answers: { 'dq:taxpayer:keyword': '91350100M000100Y44' },
    errors: { 'dq:taxpayer:keyword': /check character is wrong/i },
  },
  {
    name: 'bids keyword too short',
    command: '/bids',
    answers: { 'dq:bids:keyword': '光伏' },
    errors: { 'dq:bids:keyword': /longer than 2 characters/i },
  },
  {
    name: 'taxpayer keyword of two right-to-left overrides in quotes',
    command: '/taxpayer',
    answers: { 'dq:taxpayer:keyword': '"\u202E\u202E"' },
    errors: { 'dq:taxpayer:keyword': /at least 2 characters/i },
  },
  {
    name: 'bids keyword of zero-width characters around two visible ones',
    command: '/bids',
    answers: { 'dq:bids:keyword': '\u200B光\u200D伏\u2060' },
    errors: { 'dq:bids:keyword': /longer than 2 characters/i },
  },
  {
    name: 'bids range over a year',
    command: '/bids',
    answers: {
      'dq:bids:keyword': '光伏组件',
      'dq:bids:publishStartTime': '2025-01-01',
      'dq:bids:publishEndTime': '2026-06-30',
    },
    errors: { 'dq:bids:publishEndTime': /at most one year/i },
  },
  {
    name: 'bids end before start',
    command: '/bids',
    answers: {
      'dq:bids:keyword': '光伏组件',
      'dq:bids:publishStartTime': '2026-06-30',
      'dq:bids:publishEndTime': '2026-01-01',
    },
    errors: { 'dq:bids:publishEndTime': /^Must not be before the start \(2026-06-30\)$/ },
  },
  {
    name: 'bids keyword too short and end before start, both at once',
    command: '/bids',
    answers: {
      'dq:bids:keyword': '光伏',
      'dq:bids:publishStartTime': '2026-06-30',
      'dq:bids:publishEndTime': '2026-01-01',
    },
    errors: {
      'dq:bids:keyword': /longer than 2 characters/i,
      'dq:bids:publishEndTime': /must not be before the start/i,
    },
  },
  {
    name: 'bids period starting after today',
    command: '/bids',
    answers: { 'dq:bids:keyword': '光伏组件', 'dq:bids:publishStartTime': '2027-01-01' },
    errors: { 'dq:bids:publishStartTime': /^Must not be after today \(2026-11-22\)/ },
  },
  {
    name: 'fund code not 6 digits',
    command: '/fund-asset',
    answers: { 'dq:fund-asset:fundCode': '12345' },
    errors: { 'dq:fund-asset:fundCode': /must be 6 digits/i },
  },
  {
    name: 'futures symbol not a symbol',
    command: '/futures',
    answers: { 'dq:futures:symbol': '1x' },
    errors: { 'dq:futures:symbol': /must be letters or digits starting with a letter/i },
  },
  {
    name: 'futures count of 0',
    command: '/futures',
    answers: { 'dq:futures:symbol': 'CL', 'dq:futures:limit': '0' },
    errors: { 'dq:futures:limit': /at least 1/i },
  },
  {
    name: 'new funds with a forged sale status',
    command: '/new-funds',
    answers: {},
    forge: { 'dq:new-funds:saleStatus': { saleStatus: stateValue.radio('maybe') } },
    errors: { 'dq:new-funds:saleStatus': /^Must be one of onsale, offsale, all, not "maybe"$/ },
  },
];

describe('search modals end to end', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    app.simulator.reset();
  });

  async function openForm(command: string): Promise<{ view: PublishedView; responseId: string }> {
    const sent = await app.command('', { command });
    const opened = await app.openedView(sent.triggerId);
    assertWithinSlackLimits(opened.view, 'modal');
    return { view: opened.view, responseId: sent.responseId };
  }

  it.each(VALID)(
    "$typedName: a valid form is acked empty and the result reaches the command's response_url",
    async ({ command, typedName, operation, answers, wire }) => {
      const { view, responseId } = await openForm(command);
      expect(view.callback_id).toBe(`dq_search:${typedName}`);
      const submitted = await app.submitView(view.callback_id!, fillForm(view, answers), view.private_metadata, {
        blocks: view.blocks,
      });
      expect(submitted.status).toBe(200);
      expect(submitted.elapsedMs).toBeLessThan(3000);
      expect(submitted.response.body).toBe('');

      const reply = await app.nextResponse(responseId);
      expect(reply.response_type).toBe('ephemeral');
      assertWithinSlackLimits(reply, 'message');
      expect(footerText(reply)).toContain(`${simulatorCost(operation)} coins per lookup`);
      const calls = app.upstreamCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0]!.operation).toBe(operation);
      expect(calls[0]!.request).toEqual(wire);
      await app.settle();
      expect(app.responses(responseId)).toHaveLength(1);
    },
  );

  it.each(INVALID)(
    '$name: errors on the right blocks, and nothing is spent',
    async ({ command, answers, forge, errors }) => {
      const { view, responseId } = await openForm(command);
      const values = { ...fillForm(view, answers), ...forge };
      const before = app.fake.calls().length;
      const callsCharged = (await app.client.ledger.usage('T0FAKETEAM', app.clock.now())).today.calls;
      const submitted = await app.submitView(view.callback_id!, values, view.private_metadata, { blocks: view.blocks });
      expect(submitted.status).toBe(200);
      const expected = Object.fromEntries(
        Object.entries(errors).map(([block, pattern]) => [block, expect.stringMatching(pattern)]),
      );
      expect(submitted.response.json).toEqual({ response_action: 'errors', errors: expected });
      // Every block named in the errors is a block of this form (Slack drops errors for unknown blocks).
      const blockIds = view.blocks.map((block) => block.block_id);
      for (const block of Object.keys(errors)) expect(blockIds).toContain(block);

      await app.settle();
      expect(app.upstreamCalls()).toEqual([]);
      expect(app.responses(responseId)).toEqual([]);
      expect(
        app.fake
          .calls()
          .slice(before)
          .filter((call) => call.method.startsWith('chat.')),
      ).toEqual([]);
      expect((await app.client.ledger.usage('T0FAKETEAM', app.clock.now())).today.calls).toBe(callsCharged);
    },
  );
});

describe('where a modal result goes without a response_url', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const values = () => ({
    'dq:fund-asset:fundCode': { fundCode: stateValue.plainText('000001') },
    'dq:fund-asset:pageSize': { pageSize: stateValue.staticSelect('10') },
  });

  it('opened in a channel (channel only in private_metadata): an ephemeral message there, to that user', async () => {
    const submitted = await app.submitView(
      'dq_search:fund-asset',
      values(),
      JSON.stringify({ c: DEFAULT_CHANNEL_ID }),
      { userId: 'U0MODAL001' },
    );
    expect(submitted.response.body).toBe('');
    const post = await app.nextCall('chat.postEphemeral', (call) => call.args.user === 'U0MODAL001');
    expect(post.args.channel).toBe(DEFAULT_CHANNEL_ID);
    expect(post.response.ok).toBe(true);
    const message = { text: post.args.text as string, blocks: post.args.blocks as Array<Record<string, unknown>> };
    assertWithinSlackLimits(message, 'message');
    expect(allText(message)).toContain('000001');
    expect(footerText(message)).toContain('10 coins per lookup');
  });

  it('opened from nowhere (a shortcut): a direct message, posted to the user id without conversations.open first', async () => {
    const submitted = await app.submitView('dq_search:fund-asset', values(), '{}', { userId: 'U0MODAL002' });
    expect(submitted.response.body).toBe('');
    // chat.postMessage with a user id as `channel` posts in the app's DM with them (issue 32.11).
    const post = await app.nextCall('chat.postMessage', (call) => call.args.channel === 'U0MODAL002');
    expect(post.response.channel).toBe(dmChannelFor('U0MODAL002'));
    expect(app.fake.calls('conversations.open')).toEqual([]);
    assertWithinSlackLimits({ text: post.args.text as string, blocks: post.args.blocks as unknown[] }, 'message');
    expect(app.fake.calls('chat.postEphemeral').filter((call) => call.args.user === 'U0MODAL002')).toEqual([]);
  });

  it('when the channel refuses the ephemeral message, falls back to a direct message', async () => {
    app.fake.setChannelError('C0PRIVATE1', 'channel_not_found');
    const submitted = await app.submitView('dq_search:fund-asset', values(), JSON.stringify({ c: 'C0PRIVATE1' }), {
      userId: 'U0MODAL003',
    });
    expect(submitted.status).toBe(200);
    const refused = await app.nextCall('chat.postEphemeral', (call) => call.args.user === 'U0MODAL003');
    expect(refused.response).toMatchObject({ ok: false, error: 'channel_not_found' });
    const post = await app.nextCall('chat.postMessage', (call) => call.args.channel === 'U0MODAL003');
    expect(post.response).toMatchObject({ ok: true, channel: dmChannelFor('U0MODAL003') });
    expect(allText({ text: post.args.text as string })).toContain('Fund asset size history');
    app.fake.setChannelError('C0PRIVATE1', undefined);
  });

  it('the user who submitted is the one charged', async () => {
    const usage = await app.client.ledger.usage('T0FAKETEAM', app.clock.now());
    expect(Object.keys(usage.today.byUser)).toContain('U0MODAL001');
    expect(Object.keys(usage.today.byUser)).not.toContain(DEFAULT_USER_ID);
  });
});

describe('search forms for a Chinese-speaking user', () => {
  const ZH_USER = 'U0ZHMODAL1';
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(ZH_USER, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a bare command opens the form with a Chinese frame; a problem goes back onto the field in Chinese', async () => {
    const sent = await app.command('', { command: '/futures', userId: ZH_USER });
    const opened = await app.openedView(sent.triggerId);
    const view = opened.view as PublishedView & { submit?: { text: string }; close?: { text: string } };
    assertWithinSlackLimits(view, 'modal');
    expect([view.title?.text, view.submit?.text, view.close?.text]).toEqual(['期货K线', '查询', '取消']);
    expect(allText({ blocks: view.blocks.slice(0, 1) })).toContain(`每次查询 ${simulatorCost(OPS.futures)} 币`);

    const submitted = await app.submitView(
      view.callback_id!,
      fillForm(view, { 'dq:futures:symbol': 'CL', 'dq:futures:limit': '0' }),
      view.private_metadata,
      { userId: ZH_USER, blocks: view.blocks },
    );
    expect(submitted.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:futures:limit': '不能小于 1' },
    });
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('an English speaker in the same workspace still gets English', async () => {
    const sent = await app.command('', { command: '/futures', userId: 'U0ENMODAL1' });
    const opened = await app.openedView(sent.triggerId);
    expect(opened.view.title?.text).toBe('Futures candlesticks');
  });
});
