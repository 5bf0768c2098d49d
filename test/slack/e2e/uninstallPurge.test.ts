import { afterEach, expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { describeWithPostgres, postgresUrl, withPostgresClient } from '../../support/postgres.js';
import { describeWithRedis, redisUrl, withRedisClient } from '../../support/redis.js';
import {
  appMentionEvent,
  eventCallbackBody,
  type FakeInstall,
  type FakeWorkspace,
  messageBlockActionsPayload,
  sendEvent,
  sendInteraction,
  sendSlashCommand,
  workspaceOf,
} from '../../support/slack/index.js';
import { allText, buttonNamed, startTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../support/slackApp.js';

/**
 * The uninstall purge of issue 46, end to end on Redis + PostgreSQL: two workspaces installed
 * through Add to Slack, each with lookups, a thread's conversation, a digest, a watch and a chosen
 * language; one uninstalled (tokens_revoked and app_uninstalled, in either order, each to one of two
 * app instances sharing the store); then every PostgreSQL row and Redis key is read back and
 * searched for that workspace's team id, its people and what they asked. Only its ledger's billing
 * facts (and the answers' cache, which names nobody and expires) remain; the other workspace works on.
 */

interface Workspace {
  install: FakeInstall;
  workspace: FakeWorkspace;
  admin: string;
  person: string;
  channel: string;
  /** What its people looked up, and watch: searched for after the purge. */
  asked: string[];
}

/** The uninstalled workspace's own data-service key. */
const OWN_KEY = 'own-key-of-the-workspace-that-goes-7Qx2';

async function ask(app: TestApp, w: Workspace, text: string, userId: string, command = '/dq'): Promise<string> {
  const responseId = `purge-${Math.random().toString(36).slice(2)}`;
  const sent = await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
    command,
    text,
    teamId: w.workspace.teamId,
    userId,
    channelId: w.channel,
    workspace: w.workspace,
    responseUrl: app.fake.responseUrl(responseId),
  });
  expect(sent.status).toBe(200);
  return allText(await app.nextResponse(responseId, undefined, 15_000));
}

/** Everything a workspace's people leave: a language, lookups (history, ledger, names), a thread, a digest, a watch. */
async function fill(app: TestApp, w: Workspace): Promise<void> {
  const [lookedUp, watched, inThread] = w.asked;
  app.fake.setUser(w.admin, { team_id: w.workspace.teamId, is_admin: true });
  app.fake.setUser(w.person, { team_id: w.workspace.teamId });
  expect(await ask(app, w, 'lang en', w.person)).toMatch(/English/);
  expect(await ask(app, w, lookedUp!, w.person, '/taxpayer')).toContain(
    TAXPAYER_CATALOGUE.find((record) => record.creditNo === lookedUp)!.enterpriseName,
  );
  expect(await ask(app, w, 'digest add daily 08:00 onsale', w.admin)).toContain('Digest added.');
  const responseId = `preview-${w.workspace.teamId}`;
  await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
    command: '/dq',
    text: `watch add taxpayer ${watched} daily 09:00`,
    teamId: w.workspace.teamId,
    userId: w.admin,
    channelId: w.channel,
    workspace: w.workspace,
    responseUrl: app.fake.responseUrl(responseId),
  });
  const preview = await app.nextResponse(responseId, undefined, 15_000);
  const saveId = `save-${w.workspace.teamId}`;
  await sendInteraction(
    app.url,
    TEST_SIGNING_SECRET,
    messageBlockActionsPayload({
      actionId: 'dq_watch_save',
      value: buttonNamed(preview, 'dq_watch_save')!.value!,
      responseUrl: app.fake.responseUrl(saveId),
      ephemeral: true,
      userId: w.admin,
      channelId: w.channel,
      workspace: w.workspace,
    }),
  );
  expect(allText(await app.nextResponse(saveId))).toContain('Watch saved.');
  // A lookup in a thread: its conversation keeps the latest result for follow-ups.
  const event = appMentionEvent({
    text: `taxpayer ${inThread}`,
    workspace: w.workspace,
    userId: w.person,
    channelId: w.channel,
  });
  expect(
    (await sendEvent(app.url, TEST_SIGNING_SECRET, eventCallbackBody(event, { workspace: w.workspace }))).status,
  ).toBe(200);
  await app.nextCall(
    'chat.postMessage',
    (call) => call.args.thread_ts === event.ts && /有限公司|Co/.test(JSON.stringify(call.args)),
    15_000,
  );
}

/** Every row of every table of the schema, and every key under the prefix with what it holds, as lines of text. */
async function dump(schema: string, prefix: string): Promise<Array<{ where: string; text: string }>> {
  const lines: Array<{ where: string; text: string }> = [];
  await withPostgresClient(async (client) => {
    const tables = await client.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1',
      [schema],
    );
    for (const { table_name: table } of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${schema}.${table} t`);
      for (const { row } of rows.rows) lines.push({ where: `pg:${table}`, text: row });
    }
  });
  await withRedisClient(async (client) => {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
      for (const key of keys) {
        const type = await client.type(key);
        const content =
          type === 'string'
            ? await client.get(key)
            : type === 'hash'
              ? JSON.stringify(await client.hGetAll(key))
              : type === 'zset'
                ? JSON.stringify(await client.zRange(key, 0, -1))
                : type === 'set'
                  ? JSON.stringify(await client.sMembers(key))
                  : JSON.stringify(await client.lRange(key, 0, -1));
        lines.push({ where: `redis:${key.slice(prefix.length)}`, text: `${key} ${content}` });
      }
  });
  return lines;
}

/** Where an uninstalled workspace's team id may still be: the ledger's billing facts, and that it stopped. */
function billingOnly(line: { where: string; text: string }, teamId: string): boolean {
  if (line.where === 'pg:ledger' || line.where === 'pg:ledger_days') return true;
  if (line.where === 'pg:documents') return /"collection":"(ledger-teams|workspace-stopped)"/.test(line.text);
  if (line.where === 'pg:counters') return line.text.includes(`"key":"budget:team:${teamId}:`);
  return false;
}

const [A1, A2, A3, B1, B2, B3] = TAXPAYER_CATALOGUE.slice(0, 6).map((record) => record.creditNo);

describeWithRedis('an uninstall purges the workspace', (suitePrefix) => {
  describeWithPostgres('on Redis + PostgreSQL, two app instances', (newSchema) => {
    const apps: TestApp[] = [];
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
    });
    let fleets = 0;

    async function fleet() {
      const prefix = `${suitePrefix}${++fleets}:`;
      const schema = newSchema();
      const open = () => createStore(redisUrl, { prefix, database: { url: postgresUrl, schema } });
      const options = { addToSlack: true, budgets: { userDaily: 10_000 } } as const;
      const first = await startTestApp({ ...options, store: await open() });
      apps.push(first);
      const second = await startTestApp({ ...options, store: await open() });
      apps.push(second);
      const installs = [];
      for (const [teamId, teamName] of [
        ['T0PURGEONE', 'Goes'],
        ['T0PURGETWO', 'Stays'],
      ] as const) {
        const installed = await first.install({ teamId, teamName });
        expect(installed.status).toBe(200);
        installs.push(installed.issued!);
      }
      const [one, two] = installs.map(
        (install, n): Workspace => ({
          install,
          workspace: workspaceOf(install),
          admin: `U0PADMIN${n}`,
          person: `U0PPERSON${n}`,
          channel: `C0PURGE${n}`,
          asked: n === 0 ? [A1!, A2!, A3!] : [B1!, B2!, B3!],
        }),
      );
      await fill(first, one!);
      await fill(first, two!);
      // Its own data-service key, entered after its lookups (the simulator knows only the operator's).
      await first.workspaceKeys!.set(one!.workspace.teamId, OWN_KEY, one!.admin);
      return { first, second, one: one!, two: two!, prefix, schema };
    }

    async function lifecycle(app: TestApp, w: Workspace, event: Record<string, unknown>): Promise<void> {
      const sent = await sendEvent(app.url, TEST_SIGNING_SECRET, eventCallbackBody(event, { workspace: w.workspace }));
      expect(sent.status).toBe(200);
    }

    const revoked = (w: Workspace) => ({
      type: 'tokens_revoked',
      tokens: { bot: [w.install.botUserId] },
      event_ts: '1.1',
    });
    const uninstalled = { type: 'app_uninstalled', event_ts: '1.2' };

    for (const order of [
      'tokens_revoked on one instance, then app_uninstalled on the other',
      'app_uninstalled on one instance, then tokens_revoked on the other',
      'app_uninstalled and tokens_revoked at once, one on each instance',
    ] as const) {
      it(`${order}: nothing of the workspace is left but its ledger's billing facts; the other works on`, async () => {
        const { first, second, one, two, prefix, schema } = await fleet();
        const names = (w: Workspace) => [w.workspace.teamId, w.admin, w.person, ...w.asked];
        // The search can find what it looks for: before the uninstall, every trace is there.
        const before = await dump(schema, prefix);
        for (const needle of names(one))
          expect(
            before.some((line) => line.text.includes(needle)),
            needle,
          ).toBe(true);

        first.fake.oauth.uninstall(one.install);
        if (order.startsWith('tokens_revoked')) {
          await lifecycle(first, one, revoked(one));
          await first.slack.settle(10_000);
          await lifecycle(second, one, uninstalled);
        } else if (order.startsWith('app_uninstalled on')) {
          await lifecycle(second, one, uninstalled);
          await second.slack.settle(10_000);
          await lifecycle(first, one, revoked(one));
        } else {
          await Promise.all([lifecycle(second, one, uninstalled), lifecycle(first, one, revoked(one))]);
        }
        await Promise.all([first.slack.settle(10_000), second.slack.settle(10_000)]);

        const after = await dump(schema, prefix);
        const teamLines = after.filter((line) => line.text.includes(one.workspace.teamId));
        expect(teamLines.filter((line) => !billingOnly(line, one.workspace.teamId))).toEqual([]);
        expect(teamLines.filter((line) => line.where === 'pg:ledger').length).toBeGreaterThan(0);
        for (const needle of [one.admin, one.person])
          expect(
            after.filter((line) => line.text.includes(needle)),
            needle,
          ).toEqual([]);
        // What they asked is only in the answers' cache: shared by every workspace, naming nobody, gone within a day.
        for (const needle of one.asked)
          expect(
            after.filter((line) => line.text.includes(needle) && !line.where.startsWith('redis:keyv:cache::')),
            needle,
          ).toEqual([]);
        expect(
          first
            .errorLogs()
            .concat(second.errorLogs())
            .filter((line) => /could not delete/.test(String(line.msg))),
        ).toEqual([]);

        expect(await second.workspaceKeys!.summary(one.workspace.teamId)).toBeUndefined();
        expect(after.filter((line) => line.text.includes(OWN_KEY))).toEqual([]);

        // The other workspace's data is all there, and it works.
        for (const needle of names(two))
          expect(
            after.some((line) => line.text.includes(needle)),
            needle,
          ).toBe(true);
        expect(await ask(second, two, 'digest list', two.admin)).toContain('08:00');
        expect(await ask(first, two, 'watch list', two.admin)).toContain(two.asked[1]!);
        expect(await ask(first, two, two.asked[0]!, two.person, '/taxpayer')).toContain(
          TAXPAYER_CATALOGUE.find((record) => record.creditNo === two.asked[0])!.enterpriseName,
        );
        // The uninstalled workspace's ledger still adds up its coins, by nobody in particular.
        const usage = await first.slack.deps.ledger.usage(one.workspace.teamId, first.clock.now());
        expect(usage.month.coins).toBeGreaterThan(0);
        expect(Object.keys(usage.month.byUser)).toEqual(['unknown']);
        // And the privacy page says so.
        const privacy = await (await fetch(`${second.url}/privacy?lang=zh-CN`)).text();
        expect(privacy).toContain('删除它为你的工作区保存的全部数据');
      }, 90_000);
    }
  });
});
