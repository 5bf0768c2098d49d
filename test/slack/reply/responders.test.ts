import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactPayload } from '../../../src/slack/reply/redactOutgoing.js';
import { responseUrlBody, webApiResponder } from '../../../src/slack/reply/responders.js';
import type { SlackMessage } from '../../../src/slack/reply/slackMessage.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/index.js';

const TOKEN = 'xoxb-test';
const withTable: SlackMessage = {
  text: 'Fund asset size history: fund 000001, 2 dates',
  lang: 'en',
  blocks: [
    {
      type: 'data_table',
      caption: 'c',
      rows: [[{ type: 'raw_text', text: 'Date' }], [{ type: 'raw_text', text: '2026-09-30' }]],
    },
  ],
  withoutTable: {
    text: 'Fund asset size history: fund 000001, 2 dates',
    lang: 'en',
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '2026-09-30' } }],
  },
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

  it('answers into the thread it is given: the private reply and the share both carry its thread_ts', async () => {
    fake.reset();
    const client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
    const responder = webApiResponder(client, 'U1', 'C1', undefined, { threadTs: '1700000000.000100' });
    await responder.reply(withTable.withoutTable!);
    await responder.share!(withTable.withoutTable!);
    expect(fake.calls('chat.postEphemeral').map((call) => call.args.thread_ts)).toEqual(['1700000000.000100']);
    expect(fake.calls('chat.postMessage').map((call) => [call.args.channel, call.args.thread_ts])).toEqual([
      ['C1', '1700000000.000100'],
    ]);
  });

  it("a reply without an alternative is sent once, and its failure is the caller's", async () => {
    fake.reset();
    fake.refuseBlockTypes('data_table');
    const client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
    const { withoutTable: _none, ...bare } = withTable;
    await expect(webApiResponder(client, 'U1', undefined).reply(bare)).rejects.toThrow(/invalid_blocks/);
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
  });
});

describe('the body posted to a response_url', () => {
  const redact = (text: string) => text.replaceAll('s3cret', '[redacted]');
  const blocksOf = (text: string): SlackMessage['blocks'] => [
    { type: 'section', text: { type: 'mrkdwn', text } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: 'footer "quoted" \\ \u2028 中文' }] },
  ];
  const head = (text: string) => ({ response_type: 'ephemeral', replace_original: false, text });

  it.each([
    ['clean', 'a reply', 'a reply'],
    ['a secret in the blocks', 'key s3cret here', 'a reply'],
    ['a secret in the text', 'a reply', 'text s3cret'],
  ])(
    'is the whole body redacted and serialised (%s), whether the blocks are frozen (kept) or not, the first time and again',
    (_case, blockText, text) => {
      const expected = JSON.stringify(redactPayload({ ...head(text), blocks: blocksOf(blockText) }, redact));
      expect(responseUrlBody(head(text), blocksOf(blockText), redact)).toBe(expected);
      const frozen = Object.freeze(blocksOf(blockText).map((block) => Object.freeze(block))) as SlackMessage['blocks'];
      expect(responseUrlBody(head(text), frozen, redact)).toBe(expected);
      expect(responseUrlBody(head(text), frozen, redact)).toBe(expected);
      // Another redactor (other secrets) over the same kept blocks is not answered from the first one's copy.
      expect(responseUrlBody(head(text), frozen, (t) => t.replaceAll('reply', 'R'))).toBe(
        JSON.stringify(
          redactPayload({ ...head(text), blocks: blocksOf(blockText) }, (t) => t.replaceAll('reply', 'R')),
        ),
      );
    },
  );
});
