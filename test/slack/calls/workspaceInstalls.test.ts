import { randomBytes } from 'node:crypto';
import { WebClient } from '@slack/web-api';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredInstallations } from '../../../src/core/installations/storedInstallations.js';
import { JobPostError } from '../../../src/core/jobs/types.js';
import { keyIdOf, SecretBox } from '../../../src/core/secretBox.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import type { Store } from '../../../src/core/store/types.js';
import {
  LAST_CALL_MS,
  type PauseNotice,
  type RefreshToken,
  WorkspaceInstalls,
} from '../../../src/slack/calls/workspaceInstalls.js';
import { ManualClock } from '../../support/clocks.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/index.js';

const START = Date.UTC(2026, 10, 22, 8);
const key = randomBytes(32);

/** As the WebClient throws when Slack answers ok:false. */
function slackAnswered(code: string): Error {
  return Object.assign(new Error(`An API error occurred: ${code}`), { data: { ok: false, error: code } });
}

/** Slack's side of a refresh, as the test has it answer: refused, unanswered, or a new token. */
class Refresher {
  answer: 'refuse' | 'unanswered' | 'issue' = 'issue';
  calls = 0;
  readonly refresh: RefreshToken = async () => {
    this.calls += 1;
    if (this.answer === 'refuse') throw slackAnswered('invalid_refresh_token');
    if (this.answer === 'unanswered') throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    return {
      botToken: `xoxe.xoxb-1-new${this.calls}`,
      refreshToken: `xoxe-1-r${this.calls}`,
      expiresInSeconds: 43_200,
    };
  };
}

interface Rig {
  installs: WorkspaceInstalls;
  installations: StoredInstallations;
  refresher: Refresher;
  clock: ManualClock;
}

async function rig(
  options: { store?: Store; expiresInMs: number; notice?: PauseNotice; apiUrl?: string; save?: boolean },
  shared?: Rig,
): Promise<Rig> {
  const store = options.store ?? new MemoryStore();
  const clock = shared?.clock ?? new ManualClock(START);
  const installations = new StoredInstallations(store, new SecretBox({ id: keyIdOf(key), key }), clock);
  if (options.save ?? true)
    await installations.save({
      teamId: 'T1',
      teamName: 'Team <T1>',
      isEnterpriseInstall: false,
      botToken: 'xoxe.xoxb-1-old',
      botUserId: 'U0BOT',
      botId: 'B0BOT',
      botScopes: ['commands'],
      botRefreshToken: 'xoxe-1-refresh',
      botExpiresAt: Math.floor((START + options.expiresInMs) / 1000),
      installerUserId: 'U0INSTALLER',
      installedAt: START,
    });
  const refresher = shared?.refresher ?? new Refresher();
  const installs = new WorkspaceInstalls(
    installations,
    refresher.refresh,
    (token) => new WebClient(token, options.apiUrl ? { slackApiUrl: options.apiUrl, retryConfig: { retries: 0 } } : {}),
    store,
    clock,
    pino({ level: 'silent' }),
    { ...(options.notice ? { notice: options.notice } : {}), owner: randomBytes(4).toString('hex') },
  );
  return { installs, installations, refresher, clock };
}

async function failureOf(installs: WorkspaceInstalls): Promise<JobPostError> {
  const failure = await installs.forTeam('T1').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(JobPostError);
  return failure as JobPostError;
}

const tokenOf = (client: WebClient) => client.token;

describe('a workspace’s client for what the app posts on its own', () => {
  it('refreshes a token within two hours of expiring, once, and stores the new one', async () => {
    const { installs, installations, refresher } = await rig({ expiresInMs: 60 * 60_000 });
    const clients = await Promise.all([installs.forTeam('T1'), installs.forTeam('T1'), installs.forTeam('T1')]);
    expect(clients.map(tokenOf)).toEqual(['xoxe.xoxb-1-new1', 'xoxe.xoxb-1-new1', 'xoxe.xoxb-1-new1']);
    expect(refresher.calls).toBe(1);
    expect((await installations.findForTeam('T1'))?.botRefreshToken).toBe('xoxe-1-r1');
    expect(tokenOf(await installs.forTeam('T1'))).toBe('xoxe.xoxb-1-new1');
  });

  it('holds the workspace’s jobs when Slack refuses its refresh token for good', async () => {
    const { installs, refresher } = await rig({ expiresInMs: 60 * 60_000 });
    refresher.answer = 'refuse';
    const failure = await failureOf(installs);
    expect([failure.code, failure.stopsApp]).toEqual(['invalid_refresh_token', true]);
    expect(await installs.stopped('T1')).toMatchObject({
      reason: { key: 'digests.run.workspaceRefreshRefused', values: { code: 'invalid_refresh_token' } },
    });
  });

  it('posts with the token in hand when a refresh goes unanswered with more than half an hour left', async () => {
    const { installs, refresher } = await rig({ expiresInMs: LAST_CALL_MS + 10 * 60_000 });
    refresher.answer = 'unanswered';
    expect(tokenOf(await installs.forTeam('T1'))).toBe('xoxe.xoxb-1-old');
    expect(await installs.stopped('T1')).toBeUndefined();
  });

  it('pauses when refreshes are still unanswered in the token’s last half hour, and resumes once one goes through', async () => {
    const { installs, refresher, clock } = await rig({ expiresInMs: LAST_CALL_MS - 60_000 });
    refresher.answer = 'unanswered';
    const failure = await failureOf(installs);
    expect([failure.code, failure.stopsApp]).toEqual(['refresh_unanswered', true]);
    expect(await installs.stopped('T1')).toMatchObject({ reason: { key: 'digests.run.workspaceRefreshFailing' } });
    // Tried again only every few minutes, in the check before a run.
    refresher.answer = 'issue';
    clock.set(START + 60_000);
    expect(await installs.stopped('T1')).toMatchObject({ reason: { key: 'digests.run.workspaceRefreshFailing' } });
    clock.set(START + 6 * 60_000);
    expect(await installs.stopped('T1')).toBeUndefined();
    expect(tokenOf(await installs.forTeam('T1'))).toMatch(/^xoxe\.xoxb-1-new/);
  });

  it('stops a workspace with no installation', async () => {
    const { installs } = await rig({ expiresInMs: 0, save: false });
    const failure = await failureOf(installs);
    expect([failure.code, failure.stopsApp]).toEqual(['app_uninstalled', true]);
  });
});

describeWithRedis('a refused refresh told once, on two replicas sharing Redis', (prefix) => {
  let fake: FakeSlack;
  const stores: RedisStore[] = [];

  beforeAll(async () => {
    fake = await startFakeSlack({ validTokens: ['xoxe.xoxb-1-old'] });
    for (let i = 0; i < 2; i++) stores.push(await RedisStore.connect(redisUrl, { prefix, description: 'redis' }));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await fake?.close();
  });

  it('tells the installer and the admins once, whichever replica meets the refusal', async () => {
    const notice: PauseNotice = {
      admins: async () => ['U0ADMIN1', 'U0INSTALLER'],
      message: async (_client, teamId, userId, pause) => ({ text: `${teamId} ${userId} ${pause.cause} ${pause.code}` }),
    };
    const one = await rig({ store: stores[0]!, expiresInMs: 60 * 60_000, notice, apiUrl: fake.apiUrl });
    const two = await rig(
      { store: stores[1]!, expiresInMs: 60 * 60_000, notice, apiUrl: fake.apiUrl, save: false },
      one,
    );
    one.refresher.answer = 'refuse';
    const failures = await Promise.all([one, two, one, two].map(({ installs }) => failureOf(installs)));
    expect(failures.map((failure) => failure.code)).toEqual(Array(4).fill('invalid_refresh_token'));
    const told = fake.calls('chat.postMessage');
    expect(told.map((call) => call.args.text).sort()).toEqual([
      'T1 U0ADMIN1 refresh_refused invalid_refresh_token',
      'T1 U0INSTALLER refresh_refused invalid_refresh_token',
    ]);
    expect(new Set(told.map((call) => call.token))).toEqual(new Set(['xoxe.xoxb-1-old']));
    expect(await two.installs.stopped('T1')).toMatchObject({ reason: { key: 'digests.run.workspaceRefreshRefused' } });
  });
});

describe('an uninstall', () => {
  it('of an org-wide install stops and names every workspace of the organisation, and only those', async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(START);
    const installations = new StoredInstallations(store, new SecretBox({ id: keyIdOf(key), key }), clock);
    const org = {
      enterpriseId: 'E1',
      isEnterpriseInstall: true,
      botToken: 'xoxb-org',
      botUserId: 'U0BOT',
      botScopes: ['commands'],
      installerUserId: 'U0ADMIN',
      installedAt: clock.now(),
    };
    await installations.save(org);
    await installations.noteTeamOf('T1', 'E1');
    await installations.noteTeamOf('T2', 'E1');
    await installations.noteTeamOf('T9', 'E9');
    const installs = new WorkspaceInstalls(
      installations,
      new Refresher().refresh,
      (token) => new WebClient(token),
      store,
      clock,
      pino({ level: 'silent' }),
    );
    const query = { enterpriseId: 'E1', teamId: 'T1', isEnterpriseInstall: true };
    expect((await installs.uninstalled(query, 'app_uninstalled')).sort()).toEqual(['E1', 'T1', 'T2']);
    expect(await installations.find(query)).toBeUndefined();
    for (const teamId of ['T1', 'T2']) expect(await installs.stopped(teamId)).toBeDefined();
    expect(await store.getDoc('workspace-stopped', 'T9')).toBeUndefined();
    // The second event, after the purge forgot the links, still names the organisation.
    for (const teamId of ['T1', 'T2']) await installations.forgetWorkspace(teamId);
    expect(await installs.uninstalled(query, 'tokens_revoked')).toEqual(['E1']);
    expect(await installations.teamsOf('E9')).toEqual(['T9']);
    // Installed again org-wide: each workspace's hold ends once a request from it is seen, though the
    // install could not name them.
    await clock.advance(60_000);
    await installations.save({ ...org, installedAt: clock.now() });
    await installs.installed(query);
    await installations.noteTeamOf('T1', 'E1');
    expect(await installs.stopped('T1')).toBeUndefined();
    expect(await store.getDoc('workspace-stopped', 'T1')).toBeUndefined();
    expect(await installs.stopped('T2')).toBeDefined();
  });
});
