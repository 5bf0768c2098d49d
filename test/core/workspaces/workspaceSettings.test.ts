import { afterAll, describe, expect, it } from 'vitest';
import { BudgetExceededError } from '../../../src/core/errors.js';
import { Budgets } from '../../../src/core/ledger/budgets.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { PostgresStore } from '../../../src/core/store/postgresStore.js';
import type { Store } from '../../../src/core/store/types.js';
import {
  checkChoices,
  effectiveRules,
  type OperatorRules,
  SETTINGS_CACHE_MS,
  WorkspaceSettings,
  workspaceChoicesSchema,
} from '../../../src/core/workspaces/workspaceSettings.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { describeWithPostgres, postgresUrl } from '../../support/postgres.js';

const OPEN: OperatorRules = { allowlist: {}, adminUserIds: new Set(), allowSharedChannels: false, budgets: {} };
const choices = (over: Record<string, unknown> = {}) => workspaceChoicesSchema.parse(over);
const stored = (over: Record<string, unknown> = {}) => ({ ...choices(over), changedBy: 'U0ADMIN', changedAt: 1 });

describe('effectiveRules', () => {
  it("is the operator's rules before a workspace saves any (Slack's admins are admins without ADMIN_USER_IDS)", () => {
    const operator: OperatorRules = { ...OPEN, locale: 'zh-CN', budgets: { teamDaily: 500 } };
    const rules = effectiveRules(operator, undefined);
    expect(rules).toMatchObject({ slackAdminsAreAdmins: true, locale: 'zh-CN', budgets: { teamDaily: 500 } });
    expect(rules.chosen).toBeUndefined();
    expect(effectiveRules({ ...OPEN, adminUserIds: new Set(['U0OP']) }, undefined).slackAdminsAreAdmins).toBe(false);
  });

  it("narrows the operator's lists, never widens them", () => {
    const operator: OperatorRules = {
      ...OPEN,
      allowlist: { teams: new Set(['T1']), users: new Set(['U0A', 'U0B']), channels: new Set(['C0A']) },
    };
    const rules = effectiveRules(operator, stored({ allowedUserIds: ['U0B', 'U0C'], allowedChannelIds: ['C0B'] }));
    expect([...rules.allowlist.users!]).toEqual(['U0B']);
    // A channel the operator does not allow stays refused: the meeting of the two lists is empty.
    expect([...rules.allowlist.channels!]).toEqual([]);
    expect([...rules.allowlist.teams!]).toEqual(['T1']);
    // A workspace list where the operator has none is the list.
    const open = effectiveRules(OPEN, stored({ allowedUserIds: ['U0C'] }));
    expect([...open.allowlist.users!]).toEqual(['U0C']);
    expect(open.allowlist.channels).toBeUndefined();
  });

  it("keeps budgets under the operator's, which pays, and lets a workspace set one where the operator has none", () => {
    const capped = effectiveRules(
      { ...OPEN, budgets: { teamDaily: 1000, userDaily: 100 } },
      stored({ teamDailyCoins: 400, userDailyCoins: 5000 }),
    );
    expect(capped.budgets).toEqual({ teamDaily: 400, userDaily: 100 });
    expect(effectiveRules(OPEN, stored({ userDailyCoins: 30 })).budgets).toEqual({ userDaily: 30 });
  });

  it('allows Slack Connect only where the operator does and the workspace has not said no; the language is the workspace’s', () => {
    const allowing = { ...OPEN, allowSharedChannels: true, locale: 'zh-CN' as const };
    expect(effectiveRules(allowing, stored()).allowSharedChannels).toBe(true);
    expect(effectiveRules(allowing, stored({ allowSharedChannels: false })).allowSharedChannels).toBe(false);
    expect(effectiveRules(OPEN, stored({ allowSharedChannels: true })).allowSharedChannels).toBe(false);
    expect(effectiveRules(allowing, stored()).locale).toBe('zh-CN');
    expect(effectiveRules(allowing, stored({ language: 'en' })).locale).toBe('en');
    expect(effectiveRules(allowing, stored({ language: 'auto' })).locale).toBeUndefined();
  });

  it("adds the workspace's admins to the operator's", () => {
    const rules = effectiveRules({ ...OPEN, adminUserIds: new Set(['U0OP']) }, stored({ adminUserIds: ['U0WS'] }));
    expect([...rules.adminUserIds].sort()).toEqual(['U0OP', 'U0WS']);
    expect(rules.slackAdminsAreAdmins).toBe(false);
  });
});

describe('checkChoices', () => {
  const check = (input: unknown, operator = OPEN) => checkChoices(input, operator, 'U0ADMIN');

  it('takes a well-formed form and fills the empty lists', () => {
    expect(check({ teamDailyCoins: 300, language: 'zh-CN' })).toEqual({
      ok: true,
      choices: { adminUserIds: [], allowedUserIds: [], allowedChannelIds: [], teamDailyCoins: 300, language: 'zh-CN' },
    });
  });

  it('refuses budgets that are not whole coins, or above the operator’s', () => {
    expect(check({ teamDailyCoins: 2.5, userDailyCoins: 0 })).toEqual({
      ok: false,
      problems: [
        { field: 'teamDailyCoins', problem: 'notCoins' },
        { field: 'userDailyCoins', problem: 'notCoins' },
      ],
    });
    expect(check({ teamDailyCoins: 'lots' })).toMatchObject({ ok: false, problems: [{ problem: 'notCoins' }] });
    expect(check({ teamDailyCoins: 1001 }, { ...OPEN, budgets: { teamDaily: 1000 } })).toEqual({
      ok: false,
      problems: [{ field: 'teamDailyCoins', problem: 'aboveCeiling', ceiling: 1000 }],
    });
  });

  it('refuses a list of people without the one saving it, too long a list, and what the operator forbids', () => {
    expect(check({ allowedUserIds: ['U0OTHER'] })).toEqual({
      ok: false,
      problems: [{ field: 'allowedUserIds', problem: 'leavesOutSaver' }],
    });
    const many = Array.from({ length: 101 }, (_, i) => `C0${String(i).padStart(4, '0')}`);
    expect(check({ allowedChannelIds: many })).toEqual({
      ok: false,
      problems: [{ field: 'allowedChannelIds', problem: 'tooMany', max: 100 }],
    });
    expect(check({ allowSharedChannels: true })).toEqual({
      ok: false,
      problems: [{ field: 'allowSharedChannels', problem: 'notAllowedByOperator' }],
    });
    expect(check({ allowedChannelIds: ['C0NOPE'] }, { ...OPEN, allowlist: { channels: new Set(['C0YES']) } })).toEqual({
      ok: false,
      problems: [{ field: 'allowedChannelIds', problem: 'notAllowedByOperator' }],
    });
    expect(check({ adminUserIds: ['not a user'] })).toMatchObject({ ok: false, problems: [{ field: 'form' }] });
  });
});

/** The store behind the settings: MemoryStore counts reads; PostgreSQL is the production one. */
class CountingStore extends MemoryStore {
  reads = 0;
  failing = false;
  override async getDoc<T>(collection: string, id: string): Promise<T | undefined> {
    this.reads++;
    if (this.failing) throw new Error('store unreachable');
    return super.getDoc<T>(collection, id);
  }
}

describe('WorkspaceSettings cache', () => {
  it('reads the store once per workspace in SETTINGS_CACHE_MS, and sees another replica’s save after it', async () => {
    const clock = new ManualClock(PINNED_AT);
    const store = new CountingStore({ clock });
    const here = new WorkspaceSettings(store, clock);
    const there = new WorkspaceSettings(store, clock);
    await Promise.all([here.chosen('T1'), here.chosen('T1'), here.chosen('T2')]);
    expect(store.reads).toBe(2);
    await there.save('T1', choices({ teamDailyCoins: 50 }), 'U0ADMIN');
    // The replica that saved knows at once; the other within the cache's time.
    expect((await there.chosen('T1'))?.teamDailyCoins).toBe(50);
    expect(await here.chosen('T1')).toBeUndefined();
    await clock.advance(SETTINGS_CACHE_MS);
    expect((await here.chosen('T1'))?.teamDailyCoins).toBe(50);
  });

  it('answers with what it last read while the store fails, and throws when it never read', async () => {
    const clock = new ManualClock(PINNED_AT);
    const store = new CountingStore({ clock });
    const settings = new WorkspaceSettings(store, clock);
    await settings.save('T1', choices({ allowedUserIds: ['U0A'] }), 'U0A');
    const reader = new WorkspaceSettings(store, clock);
    await reader.chosen('T1');
    store.failing = true;
    await clock.advance(SETTINGS_CACHE_MS);
    expect((await reader.chosen('T1'))?.allowedUserIds).toEqual(['U0A']);
    await expect(reader.chosen('T2')).rejects.toThrow('store unreachable');
  });

  it('refuses a stored document that does not fit the schema rather than reading it as no choice', async () => {
    const clock = new ManualClock(PINNED_AT);
    const store = new MemoryStore({ clock });
    await store.putDoc('workspace-settings', 'T1', { allowedUserIds: 'everyone' });
    await expect(new WorkspaceSettings(store, clock).chosen('T1')).rejects.toThrow('do not fit');
  });
});

describeWithPostgres('WorkspaceSettings in PostgreSQL', (newSchema) => {
  const opened: Store[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
  });
  const open = async () => {
    const store = await PostgresStore.connect(postgresUrl, { schema: newSchema() });
    opened.push(store);
    return store;
  };

  it('keeps each workspace’s settings apart, says what changed, and forgets one workspace only', async () => {
    const clock = new ManualClock(PINNED_AT);
    const settings = new WorkspaceSettings(await open(), clock);
    expect(await settings.save('T1', choices({ teamDailyCoins: 10, language: 'en' }), 'U0A')).toEqual([
      'teamDailyCoins',
      'language',
    ]);
    expect(await settings.save('T2', choices({ userDailyCoins: 7 }), 'U0B')).toEqual(['userDailyCoins']);
    expect(await settings.save('T1', choices({ teamDailyCoins: 10, language: 'zh-CN' }), 'U0A')).toEqual(['language']);
    const fresh = new WorkspaceSettings(settings['store' as never] as Store, clock);
    expect(await fresh.chosen('T1')).toMatchObject({ teamDailyCoins: 10, language: 'zh-CN', changedBy: 'U0A' });
    expect(await fresh.ownBudgets('T2')).toEqual({ teamDaily: undefined, userDaily: 7 });
    expect(await settings.forgetWorkspace('T1')).toBe(1);
    expect(await settings.forgetWorkspace('T1')).toBe(0);
    expect(await new WorkspaceSettings(settings['store' as never] as Store, clock).chosen('T1')).toBeUndefined();
    expect(await fresh.chosen('T2')).toMatchObject({ userDailyCoins: 7 });
  });

  it("has the budgets refuse past a workspace's own lower limit, and never past the operator's", async () => {
    const clock = new ManualClock(PINNED_AT);
    const store = await open();
    const settings = new WorkspaceSettings(store, clock);
    const budgets = new Budgets(
      store,
      { teamDaily: 100, timeZone: 'Asia/Shanghai' },
      undefined,
      undefined,
      undefined,
      undefined,
      (t) => settings.ownBudgets(t),
    );
    await settings.save('T1', choices({ teamDailyCoins: 5 }), 'U0A');
    await budgets.reserve({ teamId: 'T1', userId: 'U1' }, 5, clock.now());
    await expect(budgets.reserve({ teamId: 'T1', userId: 'U1' }, 1, clock.now())).rejects.toBeInstanceOf(
      BudgetExceededError,
    );
    // Another workspace keeps the operator's 100.
    await budgets.reserve({ teamId: 'T2', userId: 'U1' }, 60, clock.now());
    expect((await budgets.state({ teamId: 'T2' }, clock.now())).team).toEqual({ spent: 60, limit: 100 });
    expect((await budgets.state({ teamId: 'T1' }, clock.now())).team).toEqual({ spent: 5, limit: 5 });
    // A workspace that set its budget above the operator's (before the operator lowered it) stays at the operator's.
    await store.putDoc('workspace-settings', 'T3', {
      ...choices({ teamDailyCoins: 5000 }),
      changedBy: 'U0A',
      changedAt: 1,
    });
    expect((await budgets.state({ teamId: 'T3' }, clock.now())).team.limit).toBe(100);
    // Without an operator budget, a workspace's own still closes spending when it cannot be checked.
    const unlimited = new Budgets(
      store,
      { timeZone: 'Asia/Shanghai' },
      undefined,
      undefined,
      undefined,
      undefined,
      (t) => settings.ownBudgets(t),
    );
    expect(unlimited.limited).toBe(false);
    expect(await unlimited.limitedFor('T1')).toBe(true);
    expect(await unlimited.limitedFor('T2')).toBe(false);
  });
});
