import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../src/slack/slackMessage.js';
import { webApiResponder } from '../../src/slack/responders.js';
import { startFakeSlack, type FakeSlack } from '../support/slack/index.js';

const TOKEN = 'xoxb-test';
const withTable: SlackMessage = {
  text: 'Fund asset size history: fund 000001, 2 dates',
  blocks: [{ type: 'data_table', caption: 'c', rows: [[{ type: 'raw_text', text: 'Date' }], [{ type: 'raw_text', text: '2026-09-30' }]] }],
  withoutTable: { text: 'Fund asset size history: fund 000001, 2 dates', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '2026-09-30' } }] },
};

describe('replies through the Web API when Slack refuses tables', () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('sends the same reply without the table after invalid_blocks, and nothing more', async () => {
    fake.refuseBlockTypes('data_table');
    const client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
    const responder = webApiResponder(client, 'U1', 'C1');
    expect(responder.tables).toBe(true);
    await responder.reply(withTable);
    const calls = fake.calls('chat.postEphemeral');
    expect(calls.map((call) => call.response.ok)).toEqual([false, true]);
    expect(JSON.stringify(calls[1]!.args.blocks)).not.toContain('data_table');
    expect(calls[1]!.args.text).toBe(withTable.text);
  });

  it('a reply without an alternative is sent once, and its failure is the caller\'s', async () => {
    fake.reset();
    fake.refuseBlockTypes('data_table');
    const client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
    const { withoutTable: _none, ...bare } = withTable;
    await expect(webApiResponder(client, 'U1', undefined).reply(bare)).rejects.toThrow(/invalid_blocks/);
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
  });
});
