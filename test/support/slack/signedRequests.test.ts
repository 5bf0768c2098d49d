import { verifySlackRequest } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { endpointUrl, signatureHeaders, slackSignature, slashCommandFields } from './index.js';

// The signing helpers checked against Bolt's own verifier, without any HTTP in between.

const SECRET = 'unit-signing-secret';

function verify(body: string, headers: Record<string, string>): void {
  verifySlackRequest({
    signingSecret: SECRET,
    body,
    headers: {
      'x-slack-signature': headers['x-slack-signature'] ?? '',
      'x-slack-request-timestamp': Number(headers['x-slack-request-timestamp']),
    },
  });
}

describe('signing like Slack', () => {
  it('computes the v0 signature Bolt recomputes', () => {
    const body = 'command=%2Fdq&text=hello+world';
    expect(() => verify(body, signatureHeaders(SECRET, body))).not.toThrow();
    expect(slackSignature(SECRET, 1_700_000_000, body)).toMatch(/^v0=[0-9a-f]{64}$/);
  });

  it('produces signatures Bolt rejects when asked to', () => {
    const body = '{"type":"event_callback"}';
    expect(() => verify(body, signatureHeaders(SECRET, body, { signature: 'bad' }))).toThrow(/signature mismatch/);
    expect(() => verify(body, signatureHeaders(SECRET, body, { stale: true }))).toThrow(/stale/);
    expect(signatureHeaders(SECRET, body, { signature: 'missing' })).toEqual({});
  });

  it('a signature covers the exact body bytes', () => {
    const headers = signatureHeaders(SECRET, 'text=a');
    expect(() => verify('text=b', headers)).toThrow(/signature mismatch/);
  });
});

describe('request shapes', () => {
  it('defaults to Bolt’s /slack/events endpoint only for a bare origin', () => {
    expect(endpointUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/slack/events');
    expect(endpointUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/slack/events');
    expect(endpointUrl('http://127.0.0.1:3000/custom/path')).toBe('http://127.0.0.1:3000/custom/path');
  });

  it('a slash command carries every field Slack sends, as strings', () => {
    const fields = slashCommandFields({
      command: '/dq',
      text: 'acme',
      responseUrl: 'http://x/response/1',
      triggerId: '1.2.3',
    });
    expect(Object.keys(fields)).toEqual([
      'token',
      'team_id',
      'team_domain',
      'channel_id',
      'channel_name',
      'user_id',
      'user_name',
      'command',
      'text',
      'api_app_id',
      'is_enterprise_install',
      'response_url',
      'trigger_id',
    ]);
    expect(fields).toMatchObject({ command: '/dq', text: 'acme', channel_name: 'general', trigger_id: '1.2.3' });
  });
});
