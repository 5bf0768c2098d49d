import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/core/secrets.js';
import { redactingFetch } from '../../src/slack/redactOutgoing.js';

const KEY = 'sk-live-7Hq2mZ9pXw4R';
const redactor = new Redactor([KEY, 'a-signing-secret']);

/** A fetch that only records what it was asked to send. */
function recording() {
  const sent: Array<string | FormData | undefined> = [];
  const fetchImpl = async (_url: string | URL, init?: { body?: string | FormData }) => {
    sent.push(init?.body);
    return new Response('{"ok":true}') as never;
  };
  return { sent, fetch: redactingFetch((text) => redactor.redact(text), fetchImpl) };
}

describe('what the Web API client sends (issue 21.7)', () => {
  it('carries no configured secret in a form-encoded body, keeps the call\'s own token', async () => {
    const { sent, fetch } = recording();
    const body = new URLSearchParams({ channel: 'C1', text: `invalid api key ${KEY}`, token: 'xoxb-its-own-token-123' }).toString();
    await fetch('https://slack.test/api/chat.postMessage', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    const posted = new URLSearchParams(String(sent[0]));
    expect(posted.get('text')).toBe('invalid api key [redacted]');
    expect(posted.get('token')).toBe('xoxb-its-own-token-123');
  });

  it('carries none in a JSON body (step outputs, views), nested at any depth, nor a Slack token quoted in text', async () => {
    const { sent, fetch } = recording();
    const body = JSON.stringify({ outputs: { name: `Acme ${KEY}`, list: [`see xoxb-123456789-abcdefghij`] }, view: { blocks: [{ text: { text: 'a-signing-secret' } }] } });
    await fetch('https://slack.test/api/functions.completeSuccess', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body });
    const text = String(sent[0]);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('a-signing-secret');
    expect(text).not.toContain('xoxb-123456789');
    expect(JSON.parse(text).outputs.name).toBe('Acme [redacted]');
  });

  it('finds a secret the way a JSON log line escapes it', () => {
    const odd = new Redactor(['p"a\\ss/word']);
    expect(odd.redact(JSON.stringify({ msg: 'auth p"a\\ss/word failed' }))).toBe('{"msg":"auth [redacted] failed"}');
  });
});

describe('the secrets a configuration holds', () => {
  it('include the chart-address secret, so a log line or reply that quotes it carries none', async () => {
    const { secretsOf } = await import('../../src/core/secrets.js');
    const { loadConfig } = await import('../../src/config.js');
    const config = loadConfig({ DATA_API_BASE_URL: 'http://svc.invalid', DATA_API_KEY: 'k-123456', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'sign-1', PUBLIC_URL: 'https://dq.example.com', CHART_URL_SECRET: 'chart-secret-42' }, { inSlack: true });
    const secrets = secretsOf(config);
    expect(secrets).toContain('chart-secret-42');
    expect(new Redactor(secrets).redact('signed with chart-secret-42')).toBe('signed with [redacted]');
  });
});
