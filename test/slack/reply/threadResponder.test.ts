import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/slack/reply/slackMessage.js';
import { statusLine, threadResponder } from '../../../src/slack/reply/threadResponder.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/index.js';
import { memoryLogger } from '../../support/slackApp.js';

const TOKEN = 'xoxb-test';
const THREAD = '1795700000.000100';
const reply: SlackMessage = {
  text: 'Fund asset size history: fund 000001',
  lang: 'en',
  blocks: [{ type: 'data_table', caption: 'c', rows: [[{ type: 'raw_text', text: 'Date' }]] } as never],
  withoutTable: {
    text: 'Fund asset size history: fund 000001',
    lang: 'en',
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x' } }],
  },
};
const warning: SlackMessage = { text: 'You have used 80% of your budget', blocks: [], lang: 'en' };

describe('replies into a conversation’s thread', () => {
  let fake: FakeSlack;
  let client: WebClient;
  beforeAll(async () => {
    fake = await startFakeSlack();
    client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
  });

  it('in a channel: the answer is posted into the thread for all; what is the person’s alone goes to them ephemerally in it', async () => {
    const responder = threadResponder(client, { channelId: 'C1', threadTs: THREAD, userId: 'U1', direct: false });
    await responder.reply(reply);
    await responder.whisper!(warning);
    expect(fake.calls('chat.postMessage').map((call) => [call.args.channel, call.args.thread_ts])).toEqual([
      ['C1', THREAD],
    ]);
    expect(
      fake.calls('chat.postEphemeral').map((call) => [call.args.channel, call.args.user, call.args.thread_ts]),
    ).toEqual([['C1', 'U1', THREAD]]);
  });

  it('in a direct message nobody else reads: both go into the thread', async () => {
    const responder = threadResponder(client, { channelId: 'D1', threadTs: THREAD, userId: 'U1', direct: true });
    await responder.reply(reply);
    await responder.whisper!(warning);
    expect(fake.calls('chat.postMessage')).toHaveLength(2);
    expect(fake.calls('chat.postEphemeral')).toEqual([]);
  });

  it('a Slack that refuses the table gets the same answer without it, once', async () => {
    fake.refuseBlockTypes('data_table');
    await threadResponder(client, { channelId: 'C1', threadTs: THREAD, userId: 'U1', direct: false }).reply(reply);
    expect(fake.calls('chat.postMessage').map((call) => call.landed)).toEqual([false, true]);
  });

  it('the status line: set under the thread; a Slack that refuses it (no agent features) is logged, never thrown', async () => {
    const place = { channelId: 'C1', threadTs: THREAD, userId: 'U1', direct: false };
    const { logger, lines } = memoryLogger();
    await statusLine(client, place, logger)('Looking up fund 000001… (10 coins)');
    expect(fake.status('C1', THREAD)).toBe('Looking up fund 000001… (10 coins)');
    fake.failNext('assistant.threads.setStatus', 'not_allowed_token_type');
    await expect(statusLine(client, place, logger)('again')).resolves.toBeUndefined();
    expect(lines.some((line) => line.msg === 'could not set the status line of a thread')).toBe(true);
  });
});
