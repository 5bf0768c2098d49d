import type { Context } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NameDirectory } from '../../../../src/core/names/nameDirectory.js';
import type { OperationId } from '../../../../src/core/operations/index.js';
import { pricesFrom } from '../../../../src/core/operations/prices.js';
import { validate } from '../../../../src/core/operations/validate.js';
import { effectiveRules } from '../../../../src/core/workspaces/workspaceSettings.js';
import { english } from '../../../../src/i18n/lang.js';
import type { SlackDeps } from '../../../../src/slack/deps.js';
import { slashCommand } from '../../../../src/slack/listeners/commands/slashCommand.js';
import type { Requester } from '../../../../src/slack/requester/requester.js';
import { PINNED_AT } from '../../../support/clocks.js';
import { type FakeSlack, startFakeSlack } from '../../../support/slack/fakeSlack.js';

/** The listener alone, with a fake ack and a response_url on the fake Slack: parse, ack, reply. */
describe('slashCommand listener', () => {
  let slack: FakeSlack;
  let upstreamCalls = 0;
  const deps = {
    prices: pricesFrom(),
    logger: pino({ level: 'silent' }),
    config: { allowlist: {}, demo: false },
    now: () => PINNED_AT,
    // The client's first step (validation, which throws before any spending), then a count of what would be sent.
    data: {
      call: async (id: OperationId, input: unknown) => {
        validate(id, input);
        upstreamCalls++;
        throw new Error('this test sends nothing');
      },
      // A workspace that has seen no names: a command reads as typed.
      names: { of: async () => new NameDirectory() },
    },
  } as unknown as SlackDeps;
  const requester: Requester = {
    teamId: 'T1',
    userId: 'U1',
    channelId: 'C1',
    workspaceId: 'T1',
    rules: effectiveRules(
      { allowlist: {}, adminUserIds: new Set(), allowSharedChannels: false, budgets: {} },
      undefined,
    ),
    profile: async () => ({ timeZone: 'UTC', lang: english }),
    refusalIn: async () => undefined,
  };

  beforeAll(async () => {
    slack = await startFakeSlack();
  });
  afterAll(async () => {
    await slack.close();
  });

  async function type(command: string, text: string, id: string) {
    const order: string[] = [];
    const handler = slashCommand(deps);
    const running = handler({
      command: {
        command,
        text,
        team_id: 'T1',
        user_id: 'U1',
        channel_id: 'C1',
        response_url: slack.responseUrl(id),
        trigger_id: 'trigger',
      },
      ack: async () => void order.push('ack'),
      client: {} as WebClient,
      context: { requester } as unknown as Context,
    } as never);
    const reply = await slack.waitForResponse(id);
    order.push('reply');
    await running;
    return { order, reply: JSON.stringify(reply.body) };
  }

  it('acks first, then replies with the help the text asked for', async () => {
    const { order, reply } = await type('/dq', 'help futures', 'help');
    expect(order).toEqual(['ack', 'reply']);
    expect(reply).toContain('/futures');
  });

  it('answers a mistyped command with what was wrong and an example that works, spending nothing', async () => {
    const { order, reply } = await type('/fund-asset', '12345', 'bad-code');
    expect(order).toEqual(['ack', 'reply']);
    expect(reply).toContain('must be 6 digits');
    expect(reply).toContain('000001');
    expect(upstreamCalls).toBe(0);
  });
});
