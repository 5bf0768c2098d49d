import type { Installation as BoltInstallation } from '@slack/oauth';
import { describe, expect, it } from 'vitest';
import { StoredInstallations } from '../../../src/core/installations/storedInstallations.js';
import { keyIdOf, SecretBox } from '../../../src/core/secretBox.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { boltInstallationStore } from '../../../src/slack/wiring/boltInstallationStore.js';
import { ManualClock } from '../../support/clocks.js';

const key = Buffer.alloc(32, 3);
const clock = new ManualClock(Date.UTC(2026, 10, 22));

function stores() {
  const installations = new StoredInstallations(new MemoryStore(), new SecretBox({ id: keyIdOf(key), key }), clock);
  return { installations, bolt: boltInstallationStore(installations, clock) };
}

const orgWide: BoltInstallation<'v2', true> = {
  team: undefined,
  enterprise: { id: 'E1', name: 'Org' },
  enterpriseUrl: 'https://org.enterprise.slack.com/',
  isEnterpriseInstall: true,
  appId: 'A1',
  user: { id: 'U0ADMIN', token: undefined, scopes: undefined },
  bot: {
    token: 'xoxe.xoxb-org',
    refreshToken: 'xoxe-1-org',
    expiresAt: 1_800_000_000,
    scopes: ['commands', 'chat:write'],
    id: 'B1',
    userId: 'U0BOT',
  },
  tokenType: 'bot',
  authVersion: 'v2',
};

describe("Bolt's installationStore over the app's", () => {
  it('stores an org-wide install by its organisation and gives it back as Bolt expects, rotation fields included', async () => {
    const { bolt } = stores();
    await bolt.storeInstallation(orgWide);
    const found = await bolt.fetchInstallation({
      enterpriseId: 'E1',
      teamId: 'T9',
      isEnterpriseInstall: true,
    } as never);
    expect(found).toMatchObject({
      enterprise: { id: 'E1', name: 'Org' },
      isEnterpriseInstall: true,
      authVersion: 'v2',
      bot: { token: 'xoxe.xoxb-org', refreshToken: 'xoxe-1-org', expiresAt: 1_800_000_000, userId: 'U0BOT', id: 'B1' },
      user: { id: 'U0ADMIN' },
    });
    expect(found.team).toBeUndefined();
  });

  it("notes the workspace a request came from under an org-wide install, so that workspace's jobs find it", async () => {
    const { bolt, installations } = stores();
    await bolt.storeInstallation(orgWide);
    expect(await installations.findForTeam('T9')).toBeUndefined();
    await bolt.fetchInstallation({ enterpriseId: 'E1', teamId: 'T9', isEnterpriseInstall: true } as never);
    expect((await installations.findForTeam('T9'))?.botToken).toBe('xoxe.xoxb-org');
  });

  it('throws for a workspace with no install (Bolt answers such a request with nothing) and deletes one', async () => {
    const { bolt } = stores();
    await bolt.storeInstallation({
      ...orgWide,
      team: { id: 'T1', name: 'One' },
      enterprise: undefined,
      isEnterpriseInstall: false,
    } as BoltInstallation);
    const query = (teamId: string) => ({ teamId, enterpriseId: undefined, isEnterpriseInstall: false }) as const;
    await expect(bolt.fetchInstallation(query('T2'))).rejects.toThrow('no installation for workspace T2');
    expect((await bolt.fetchInstallation(query('T1'))).bot?.token).toBe('xoxe.xoxb-org');
    await bolt.deleteInstallation?.(query('T1'));
    await expect(bolt.fetchInstallation(query('T1'))).rejects.toThrow('no installation for workspace T1');
  });
});
