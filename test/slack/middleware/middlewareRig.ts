/** whoIsAsking and the allowlists run as the app runs them, over a recording client: what the middleware tests share. */
import type { Context } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { type OperatorRules, WorkspaceSettings } from '../../../src/core/workspaces/workspaceSettings.js';
import { UserProfiles } from '../../../src/slack/calls/userProfiles.js';
import type { SlackDeps } from '../../../src/slack/deps.js';
import { allowlists } from '../../../src/slack/middleware/allowlists.js';
import { whoIsAsking } from '../../../src/slack/middleware/whoIsAsking.js';
import type { Allowlist } from '../../../src/slack/slackConfig.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';

export function fakeClient(zone = 'Europe/Paris') {
  const calls: Array<{ method: string; args: Record<string, unknown> }> = [];
  const record = (method: string, answer: unknown) => async (args: Record<string, unknown>) => {
    calls.push({ method, args });
    return answer;
  };
  const client = {
    users: { info: record('users.info', { ok: true, user: { tz: zone } }) },
    chat: {
      postMessage: record('chat.postMessage', { ok: true }),
      postEphemeral: record('chat.postEphemeral', { ok: true }),
    },
    conversations: { open: record('conversations.open', { ok: true, channel: { id: 'D1' } }) },
  } as unknown as WebClient;
  return { client, calls };
}

export function depsWith(allowlist: Allowlist): SlackDeps {
  const clock = new ManualClock(PINNED_AT);
  const workspaceSettings = new WorkspaceSettings(new MemoryStore({ clock }), clock);
  const operatorRules: OperatorRules = { allowlist, adminUserIds: new Set(), allowSharedChannels: false, budgets: {} };
  return {
    config: { allowlist },
    workspaceSettings,
    operatorRules,
    rulesFor: (teamId: string) => workspaceSettings.rulesFor(teamId, operatorRules),
    profiles: new UserProfiles('Asia/Shanghai', new ManualClock(PINNED_AT)),
    settings: { locale: async () => undefined },
    logger: pino({ level: 'silent' }),
    redact: (text: string) => text,
  } as unknown as SlackDeps;
}

/** Runs whoIsAsking then the allowlists on one request as Bolt would; says whether the listener would have run. */
export async function run(deps: SlackDeps, body: Record<string, unknown>, client: WebClient) {
  const context = {} as Context;
  const acks: unknown[] = [];
  let listenerRan = false;
  const args = (next: () => Promise<void>) =>
    ({
      body,
      context,
      client,
      logger: undefined,
      next,
      ack: async (response?: unknown) => void acks.push(response),
    }) as never;
  await whoIsAsking(deps)(
    args(() =>
      allowlists(deps)(
        args(async () => {
          listenerRan = true;
        }),
      ),
    ),
  );
  return { context, acks, listenerRan };
}

export const ONLY_T1 = { teams: new Set(['T1']) };
