import { randomBytes } from 'node:crypto';
import { WebClient } from '@slack/web-api';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { StoredInstallations } from '../../../src/core/installations/storedInstallations.js';
import { JobPostError } from '../../../src/core/jobs/types.js';
import { keyIdOf, SecretBox } from '../../../src/core/secretBox.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { WorkspaceInstalls } from '../../../src/slack/calls/workspaceInstalls.js';
import { ManualClock } from '../../support/clocks.js';

const clock = new ManualClock(Date.UTC(2026, 10, 22));

async function installsFailingWith(error: Error): Promise<WorkspaceInstalls> {
  const key = randomBytes(32);
  const store = new MemoryStore();
  const installations = new StoredInstallations(store, new SecretBox({ id: keyIdOf(key), key }), clock);
  await installations.save({
    teamId: 'T1',
    teamName: 'Team T1',
    isEnterpriseInstall: false,
    botToken: 'xoxe.xoxb-1-old',
    botUserId: 'U0BOT',
    botId: 'B0BOT',
    botScopes: ['commands'],
    botRefreshToken: 'xoxe-1-refresh',
    botExpiresAt: 1_800_000_000,
    installerUserId: 'U0INSTALLER',
    installedAt: clock.now(),
  });
  return new WorkspaceInstalls(
    installations,
    () => Promise.reject(error),
    (token) => new WebClient(token),
    store,
    clock,
    pino({ level: 'silent' }),
  );
}

async function failureOf(installs: WorkspaceInstalls): Promise<JobPostError> {
  const failure = await installs.forTeam('T1').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(JobPostError);
  return failure as JobPostError;
}

describe('a workspace’s client for what the app posts on its own', () => {
  it('holds the workspace’s jobs when Slack refuses its refresh token for good', async () => {
    const refused = Object.assign(new Error('An API error occurred: invalid_refresh_token'), {
      data: { ok: false, error: 'invalid_refresh_token' },
    });
    const failure = await failureOf(await installsFailingWith(refused));
    expect([failure.code, failure.stopsApp]).toEqual(['token_expired', true]);
  });

  it('fails only this run when the refresh could not reach Slack: the next run tries again', async () => {
    const failure = await failureOf(await installsFailingWith(new Error('connect ECONNREFUSED 127.0.0.1:443')));
    expect([failure.code, failure.stopsApp]).toEqual(['authorize_failed', false]);
  });
});

describe('an uninstall', () => {
  it('of an org-wide install stops and names every workspace of the organisation, and only those', async () => {
    const key = randomBytes(32);
    const store = new MemoryStore();
    const installations = new StoredInstallations(store, new SecretBox({ id: keyIdOf(key), key }), clock);
    await installations.save({
      enterpriseId: 'E1',
      isEnterpriseInstall: true,
      botToken: 'xoxb-org',
      botUserId: 'U0BOT',
      botScopes: ['commands'],
      installerUserId: 'U0ADMIN',
      installedAt: clock.now(),
    });
    await installations.noteTeamOf('T1', 'E1');
    await installations.noteTeamOf('T2', 'E1');
    await installations.noteTeamOf('T9', 'E9');
    const installs = new WorkspaceInstalls(
      installations,
      async () => ({ botToken: 'xoxb-org' }),
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
  });
});
