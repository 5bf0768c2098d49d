import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoredInstallations } from '../../../src/core/installations/storedInstallations.js';
import type { Installation } from '../../../src/core/installations/types.js';
import { keyIdOf, SecretBox, SecretBoxError, type SecretKey } from '../../../src/core/secretBox.js';
import { REDACTED, Redactor } from '../../../src/core/secrets.js';
import { createStore } from '../../../src/core/store/index.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { ManualClock } from '../../support/clocks.js';

const directory = await mkdtemp(join(tmpdir(), 'dq-installations-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

const newKey = (): SecretKey => {
  const key = randomBytes(32);
  return { id: keyIdOf(key), key };
};
const clock = new ManualClock(Date.UTC(2026, 10, 22));

const teamInstall = (teamId: string, token: string): Installation => ({
  teamId,
  teamName: `Team ${teamId}`,
  isEnterpriseInstall: false,
  botToken: token,
  botUserId: 'U0BOT',
  botId: 'B0BOT',
  botScopes: ['commands', 'chat:write'],
  botRefreshToken: `xoxe-1-refresh-${teamId}`,
  botExpiresAt: 1_800_000_000,
  installerUserId: 'U0INSTALLER',
  installedAt: clock.now(),
});

describe('StoredInstallations', () => {
  it('writes back, within five minutes, a workspace’s organisation link another replica’s purge deleted', async () => {
    const store = new MemoryStore();
    const box = new SecretBox(newKey());
    const here = new StoredInstallations(store, box, clock);
    const there = new StoredInstallations(store, box, clock);
    await here.noteTeamOf('T7', 'E7');
    await there.forgetWorkspace('T7');
    await here.noteTeamOf('T7', 'E7');
    // Noted a moment ago here: no write for every request.
    expect(await store.getDoc('installation-teams', 'T7')).toBeUndefined();
    await clock.advance(5 * 60_000);
    await here.noteTeamOf('T7', 'E7');
    expect(await store.getDoc('installation-teams', 'T7')).toEqual({ enterpriseId: 'E7' });
  });

  it('finds a workspace’s install by its team and an org-wide one by its organisation, each once', async () => {
    const installs = new StoredInstallations(new MemoryStore(), new SecretBox(newKey()), clock);
    await installs.save(teamInstall('T1', 'xoxb-team-one'));
    await installs.save({
      enterpriseId: 'E1',
      isEnterpriseInstall: true,
      botToken: 'xoxb-org-wide',
      botUserId: 'U0ORGBOT',
      botScopes: ['commands'],
      installerUserId: 'U0ADMIN',
      installedAt: clock.now(),
    });
    expect((await installs.find({ teamId: 'T1', isEnterpriseInstall: false }))?.botToken).toBe('xoxb-team-one');
    expect((await installs.find({ enterpriseId: 'E1', teamId: 'T9', isEnterpriseInstall: true }))?.botToken).toBe(
      'xoxb-org-wide',
    );
    // A workspace of the organisation is not itself installed; nor is an unknown one.
    expect(await installs.find({ enterpriseId: 'E1', teamId: 'T9', isEnterpriseInstall: false })).toBeUndefined();
    expect(await installs.find({ isEnterpriseInstall: false })).toBeUndefined();
    expect(await installs.delete({ teamId: 'T1', isEnterpriseInstall: false })).toBe(true);
    expect(await installs.delete({ teamId: 'T1', isEnterpriseInstall: false })).toBe(false);
    expect(await installs.find({ teamId: 'T1', isEnterpriseInstall: false })).toBeUndefined();
  });

  it('writes no token in plain text to the SQLite file, and tells the redaction every token it handles', async () => {
    const path = join(directory, 'tokens.sqlite');
    const store = await createStore(`sqlite://${path}`);
    const redactor = new Redactor([]);
    const installs = new StoredInstallations(store, new SecretBox(newKey()), clock, redactor);
    await installs.save(teamInstall('T1', 'plain-text-never'));
    await store.close();
    const bytes = await readFile(path);
    expect(bytes.includes('plain-text-never')).toBe(false);
    expect(bytes.includes('xoxe-1-refresh-T1')).toBe(false);
    expect(redactor.redact('plain-text-never')).toBe(REDACTED);
    expect(redactor.size).toBe(2);
  });

  it('keeps a workspace’s current and replaced tokens redacted, drops older ones, and forgets them at uninstall', async () => {
    const store = new MemoryStore();
    const redactor = new Redactor(['configured-secret']);
    const installs = new StoredInstallations(store, new SecretBox(newKey()), clock, redactor);
    // Tokens no Slack-token pattern would catch: only the redactor's own list redacts them.
    const generation = (n: number, teamId = 'T1') => ({
      ...teamInstall(teamId, `bot-token-${teamId}-${n}`),
      botRefreshToken: `refresh-token-${teamId}-${n}`,
    });
    await installs.save(generation(1));
    await installs.save(generation(1, 'T2'));
    // A refresh: the new pair, and the pair it replaced (a request may still be using it).
    await installs.save(generation(2));
    for (const secret of ['bot-token-T1-1', 'refresh-token-T1-1', 'bot-token-T1-2', 'bot-token-T2-1'])
      expect(redactor.redact(`x ${secret} y`)).toBe(`x ${REDACTED} y`);
    // Another refresh: the first pair is no longer taken by Slack, and is dropped.
    await installs.save(generation(3));
    expect(redactor.redact('bot-token-T1-1')).toBe('bot-token-T1-1');
    expect(redactor.redact('bot-token-T1-3 bot-token-T1-2')).toBe(`${REDACTED} ${REDACTED}`);
    expect(redactor.size).toBe(1 + 4 + 2);
    // Reading the installation on any replica tells the same pair again: nothing grows.
    for (let i = 0; i < 50; i++) await installs.find({ teamId: 'T1', isEnterpriseInstall: false });
    expect(redactor.size).toBe(1 + 4 + 2);
    await installs.delete({ teamId: 'T1', isEnterpriseInstall: false });
    expect(redactor.size).toBe(1 + 2);
    expect(redactor.redact('bot-token-T2-1 configured-secret')).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('refuses a token moved into another workspace’s record', async () => {
    const store = new MemoryStore();
    const installs = new StoredInstallations(store, new SecretBox(newKey()), clock);
    await installs.save(teamInstall('T1', 'xoxb-one'));
    await installs.save(teamInstall('T2', 'xoxb-two'));
    const one = await store.getDoc<Record<string, unknown>>('installations', 'team:T1');
    const two = await store.getDoc<Record<string, unknown>>('installations', 'team:T2');
    await store.putDoc('installations', 'team:T2', { ...two, botToken: one?.botToken });
    await expect(installs.find({ teamId: 'T2', isEnterpriseInstall: false })).rejects.toThrow(SecretBoxError);
  });

  it('rotates: re-seals every install under the new key, after which the old key is no longer needed', async () => {
    const store = new MemoryStore();
    const old = newKey();
    await new StoredInstallations(store, new SecretBox(old), clock).save(teamInstall('T1', 'xoxb-one'));
    await new StoredInstallations(store, new SecretBox(old), clock).save(teamInstall('T2', 'xoxb-two'));
    const current = newKey();
    // Before the rotation, a process without the old key cannot read them.
    await expect(
      new StoredInstallations(store, new SecretBox(current), clock).find({ teamId: 'T1', isEnterpriseInstall: false }),
    ).rejects.toThrow(old.id);
    const rotating = new StoredInstallations(store, new SecretBox(current, [old]), clock);
    expect(await rotating.rotate()).toEqual({ rotated: 2, total: 2 });
    expect(await rotating.rotate()).toEqual({ rotated: 0, total: 2 });
    const afterwards = new StoredInstallations(store, new SecretBox(current), clock);
    const found = await afterwards.find({ teamId: 'T2', isEnterpriseInstall: false });
    expect(found?.botToken).toBe('xoxb-two');
    expect(found?.botRefreshToken).toBe('xoxe-1-refresh-T2');
  });
});

describe('StoredInstallations.findForTeam', () => {
  it('finds a workspace’s own install, or its organisation’s org-wide one once a request showed it is in it', async () => {
    const installs = new StoredInstallations(new MemoryStore(), new SecretBox(newKey()), clock);
    await installs.save(teamInstall('T1', 'xoxb-own'));
    await installs.save({
      enterpriseId: 'E1',
      isEnterpriseInstall: true,
      botToken: 'xoxb-org-wide',
      botUserId: 'U0ORGBOT',
      botScopes: ['commands'],
      installerUserId: 'U0ADMIN',
      installedAt: clock.now(),
    });
    expect((await installs.findForTeam('T1'))?.botToken).toBe('xoxb-own');
    expect(await installs.findForTeam('T2')).toBeUndefined();
    await installs.noteTeamOf('T2', 'E1');
    expect((await installs.findForTeam('T2'))?.botToken).toBe('xoxb-org-wide');
    await installs.delete({ enterpriseId: 'E1', isEnterpriseInstall: true });
    expect(await installs.findForTeam('T2')).toBeUndefined();
  });
});
