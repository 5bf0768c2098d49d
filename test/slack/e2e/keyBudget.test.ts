import { afterEach, describe, expect, it } from 'vitest';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { DEFAULT_CHANNEL_ID, DEFAULT_USER_ID, DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import { allText, startTestApp, TEST_API_KEY, type TestApp } from '../../support/slackApp.js';

/**
 * Everything charged to the service key, per day (COIN_BUDGET_KEY_DAILY, issue 42.2). With
 * ALLOW_SHARED_CHANNELS=1 a person of another organisation is charged to their own workspace, so the
 * workspace budget holds each workspace and nothing held them all: our budget was 40, we spent 40,
 * members of five other organisations then spent 120 more, and `/dq usage` showed 40.
 */

const OURS = DEFAULT_WORKSPACE.teamId;
const SHARED = 'C0SHAREDKY';
const MEMBER = 'U0MEMBERKY';
const PARTNERS = ['T0PARTNRA1', 'T0PARTNRB2', 'T0PARTNRC3', 'T0PARTNRD4', 'T0PARTNRE5'];
const guestOf = (index: number) => `U0GUESTKY${index}`;

describe('the service key’s daily budget', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  /** What the service charged this app's key: its own count, not the app's. */
  const charged = () => app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;

  async function lookUp(record: number, userId: string, channelId: string): Promise<string> {
    const sent = await app.command(TAXPAYER_CATALOGUE[record]!.creditNo, { command: '/taxpayer', userId, channelId });
    return allText(await app.nextResponse(sent.responseId));
  }

  async function usageOf(userId: string, channelId: string): Promise<string> {
    const sent = await app.command('usage', { userId, channelId });
    return allText(await app.nextResponse(sent.responseId));
  }

  it('caps everything charged to the key, other organisations included, and usage shows what each other workspace spent', async () => {
    app = await startTestApp({ env: { ALLOW_SHARED_CHANNELS: '1' }, budgets: { teamDaily: 40, keyDaily: 60 } });
    app.fake.shareChannelExternally(SHARED, PARTNERS);
    for (const [index, teamId] of PARTNERS.entries()) app.fake.setUser(guestOf(index), { team_id: teamId });

    // We spend our 40; our workspace's budget then refuses us.
    expect(await lookUp(0, MEMBER, DEFAULT_CHANNEL_ID)).toContain(TAXPAYER_CATALOGUE[0]!.enterpriseName);
    expect(await lookUp(1, MEMBER, DEFAULT_CHANNEL_ID)).toContain(TAXPAYER_CATALOGUE[1]!.enterpriseName);
    expect(await lookUp(2, MEMBER, SHARED)).toContain("The workspace's daily budget of 40 coins");
    expect(charged()).toBe(40);

    // The first guest's lookup fits the key's 60; the other four are refused by the key's budget, free.
    expect(await lookUp(3, guestOf(0), SHARED)).toContain(TAXPAYER_CATALOGUE[3]!.enterpriseName);
    for (let guest = 1; guest < PARTNERS.length; guest++) {
      const refused = await lookUp(3 + guest, guestOf(guest), SHARED);
      expect(refused).toContain(
        'The daily budget of 60 coins for everything charged to the data-service key (by every workspace and organisation using this app) would be exceeded (60 spent today, this lookup costs 20). Nothing was spent.',
      );
    }
    expect(charged()).toBe(60);
    expect(app.upstreamCalls()).toHaveLength(3);

    // Our admin's usage (the primary owner): ours, what the other workspace spent, and the key's budget.
    const ours = await usageOf(DEFAULT_USER_ID, DEFAULT_CHANNEL_ID);
    expect(ours).toContain('*Today*\n40 coins · 2 calls');
    expect(ours).toContain('*Other workspaces on the same data-service key*');
    expect(ours).toContain(`• workspace \`${PARTNERS[0]}\`: 20 today, 20 coins this month (1 call)`);
    for (const refused of PARTNERS.slice(1)) expect(ours).not.toContain(refused);
    expect(ours).toContain('*Data-service key, every workspace*\n0 of 60 coins left today');
    expect(ours).not.toContain(OURS);

    // A member sees their own spending, never the other workspaces' (issue 42.11).
    const member = await usageOf(MEMBER, DEFAULT_CHANNEL_ID);
    expect(member).toContain('*Today*\n40 coins · 2 calls');
    expect(member).not.toContain('Other workspaces on the same data-service key');

    // A guest sees their own workspace's spending and the key's budget, never what ours spent.
    const theirs = await usageOf(guestOf(0), SHARED);
    expect(theirs).toContain('*Today*\n20 coins · 1 call');
    expect(theirs).not.toContain('Other workspaces on the same data-service key');
    expect(theirs).not.toContain(OURS);
    expect(theirs).toContain('*Data-service key, every workspace*\n0 of 60 coins left today');
  });
});
