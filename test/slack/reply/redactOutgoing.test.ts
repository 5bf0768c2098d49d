import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../../src/core/secrets.js';
import { redactingFetch, redactPayload } from '../../../src/slack/reply/redactOutgoing.js';

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
  it("carries no configured secret in a form-encoded body, keeps the call's own token", async () => {
    const { sent, fetch } = recording();
    const body = new URLSearchParams({
      channel: 'C1',
      text: `invalid api key ${KEY}`,
      token: 'xoxb-its-own-token-123',
    }).toString();
    await fetch('https://slack.test/api/chat.postMessage', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    const posted = new URLSearchParams(String(sent[0]));
    expect(posted.get('text')).toBe('invalid api key [redacted]');
    expect(posted.get('token')).toBe('xoxb-its-own-token-123');
  });

  it('carries none in a JSON body (step outputs, views), nested at any depth, nor a Slack token quoted in text', async () => {
    const { sent, fetch } = recording();
    const body = JSON.stringify({
      outputs: { name: `Acme ${KEY}`, list: [`see xoxb-123456789-abcdefghij`] },
      view: { blocks: [{ text: { text: 'a-signing-secret' } }] },
    });
    await fetch('https://slack.test/api/functions.completeSuccess', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
    });
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
    const { secretsOf } = await import('../../../src/core/secrets.js');
    const { loadConfig } = await import('../../../src/config.js');
    const config = loadConfig(
      {
        DATA_API_BASE_URL: 'http://svc.invalid',
        DATA_API_KEY: 'k-123456',
        SLACK_BOT_TOKEN: 'xoxb-1',
        SLACK_SIGNING_SECRET: 'sign-1',
        PUBLIC_URL: 'https://dq.example.com',
        CHART_URL_SECRET: 'chart-secret-42',
      },
      { inSlack: true },
    );
    const secrets = secretsOf(config);
    expect(secrets).toContain('chart-secret-42');
    expect(new Redactor(secrets).redact('signed with chart-secret-42')).toBe('signed with [redacted]');
  });

  it('include the database password and the keys secrets at rest are sealed under', async () => {
    const { secretsOf } = await import('../../../src/core/secrets.js');
    const { loadConfig } = await import('../../../src/config.js');
    const sealing = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig(
      {
        DATA_API_BASE_URL: 'http://svc.invalid',
        DATA_API_KEY: 'k-123456',
        SLACK_BOT_TOKEN: 'xoxb-1',
        SLACK_SIGNING_SECRET: 'sign-1',
        DATABASE_URL: 'postgres://dq:pg-pass-9876@db.internal:5432/dq',
        SECRETS_KEY: sealing,
      },
      { inSlack: true },
    );
    const redactor = new Redactor(secretsOf(config));
    expect(redactor.redact('connect postgres://dq:pg-pass-9876@db.internal failed')).not.toContain('pg-pass-9876');
    expect(redactor.redact(`SECRETS_KEY=${sealing}`)).toBe('SECRETS_KEY=[redacted]');
  });
});

describe('a reply posted to a response_url (redactPayload)', () => {
  const redact = (text: string) => redactor.redact(text);
  /** Texts that hold a secret or token, whole or at an edge, among ordinary ones. */
  const text = fc.oneof(
    fc.string(),
    fc.constantFrom(
      KEY,
      `x${KEY}`,
      `${KEY}!`,
      'a-signing-secret',
      'xoxb-123456789-abcdefghij',
      'xoxb-1234',
      'zxoxb-123456789-abc',
      'ok',
    ),
    fc
      .tuple(fc.string(), fc.constantFrom(KEY, 'xoxp-12345678', 'a-signing-secret'), fc.string())
      .map((parts) => parts.join('')),
  );
  const payload = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      text,
      fc.integer(),
      fc.boolean(),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('text', 'token', 'value', 'alt_text'), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

  it('is redacted exactly as text by text would, and passed on untouched when it holds no secret', () => {
    const textByText = (value: unknown): unknown => {
      if (typeof value === 'string') return redact(value);
      if (Array.isArray(value)) return value.map(textByText);
      if (value && typeof value === 'object')
        return Object.fromEntries(
          Object.entries(value).map(([key, item]) => [key, key === 'token' ? item : textByText(item)]),
        );
      return value;
    };
    fc.assert(
      fc.property(payload, (value) => {
        const redacted = redactPayload(value, redact);
        expect(redacted).toEqual(textByText(value));
        if (!JSON.stringify(redacted).includes(REDACTED)) expect(redacted).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});
