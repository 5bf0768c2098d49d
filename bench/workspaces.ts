/**
 * npm run bench:workspaces (needs Redis) — the app installed in 200 workspaces through Add to Slack
 * (issue 46), on 2 replicas sharing Redis, against the fake Slack enforcing Slack's per-workspace
 * limits (chat.postMessage about one a second per channel and a workspace-wide limit, every other
 * method its tier per minute: https://docs.slack.dev/apis/web-api/rate-limits) and the simulator.
 *
 * Every workspace has a digest due at the same minute; both replicas look for due runs at that
 * moment. Run twice: once with each workspace's one digest, once with one workspace's burst of 30
 * digests (3 in each of 10 channels) on top. Counts what was delivered: every digest posted exactly
 * once, with its own workspace's token, none refused by Slack's limits; prints the small
 * workspaces' post delays with and without the burst side by side, and the process's memory with 1
 * installation and with 200. Exit 1 when what was delivered differs from what was asked, or a goal
 * is missed.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { DataClient } from '../src/core/client/dataClient.js';
import { systemClock } from '../src/core/clock.js';
import { StoredInstallations } from '../src/core/installations/storedInstallations.js';
import { DEFAULT_CAPS } from '../src/core/jobs/caps.js';
import { OPERATION_IDS, type OperationId, type RateLimit } from '../src/core/operations/index.js';
import { pricesFrom } from '../src/core/operations/prices.js';
import { SecretBox } from '../src/core/secretBox.js';
import { Redactor } from '../src/core/secrets.js';
import { RedisStore } from '../src/core/store/redisStore.js';
import { startSimulator } from '../src/simulator/index.js';
import { createSlackApp, type SlackApp } from '../src/slack/app.js';
import { maxInWindow } from '../test/support/measure.js';
import { TEST_CHARTS, TEST_SECRETS_KEY } from '../test/support/slackApp.js';
import { Goals } from './harness.js';
import { WorkspaceSlack } from './workspaceSlack.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WORKSPACES = Number(process.env.BENCH_WORKSPACES ?? 200);
const BURST_CHANNELS = 10;
const BURST_PER_CHANNEL = 3;
const BURST = BURST_CHANNELS * BURST_PER_CHANNEL;
const API_KEY = 'workspaces-bench';
const SIGNING_SECRET = 'bench-signing-secret';
const FILTERS = ['all', 'onsale', 'offsale'] as const;
/** The burst may cost the others no more than this over their delay without it. */
const FAIR_RATIO = 1.5;
const FAIR_SLACK_MS = 500;

const silent = pino({ level: 'silent' });
const limits = Object.fromEntries(OPERATION_IDS.map((id) => [id, { count: 1000, windowMs: 1000 }])) as Record<
  OperationId,
  RateLimit
>;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function cleanup(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length) await client.del(keys);
  await client.close();
}

interface Replica {
  slack: SlackApp;
  url: string;
  data: DataClient;
  store: RedisStore;
  redactor: Redactor;
}

async function startReplica(fake: WorkspaceSlack, simulatorUrl: string, prefix: string): Promise<Replica> {
  const store = await RedisStore.connect(REDIS_URL, { prefix, description: 'redis' });
  const data = new DataClient({ baseUrl: simulatorUrl, apiKey: API_KEY, store, logger: silent, rateLimits: limits });
  const loaded = loadConfig(
    {
      DATA_API_BASE_URL: simulatorUrl,
      DATA_API_KEY: API_KEY,
      SLACK_CLIENT_ID: fake.clientId,
      SLACK_CLIENT_SECRET: fake.clientSecret,
      SLACK_STATE_SECRET: 'bench-state-secret-of-some-length',
      SLACK_OAUTH_URL: fake.authorizeUrl,
      SECRETS_KEY: TEST_SECRETS_KEY,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: '0',
    },
    { inSlack: true },
  );
  const redactor = new Redactor([API_KEY, SIGNING_SECRET, fake.clientSecret]);
  const installations = new StoredInstallations(
    store,
    new SecretBox(loaded.secrets!.current, loaded.secrets!.previous),
    systemClock,
    redactor,
  );
  const many = { perPerson: 1000, perChannel: 100, perWorkspace: 1000 };
  const slack = await createSlackApp({
    config: loaded.slack,
    data,
    prices: pricesFrom(),
    store,
    digest: { timeZone: 'UTC', postEmpty: true, catchUpMs: 3_600_000, caps: { ...DEFAULT_CAPS, digests: many } },
    charts: TEST_CHARTS,
    logger: silent,
    clock: systemClock,
    runScheduler: false,
    redactor,
    installations,
  });
  const { port } = await slack.start(0);
  return { slack, url: `http://127.0.0.1:${port}`, data, store, redactor };
}

/** An install as a browser makes it: the install page's button, Slack's authorize page, the redirect back with the state cookie. */
async function install(replica: Replica, fake: WorkspaceSlack, teamId: string): Promise<string> {
  const page = await (await fetch(`${replica.url}/slack/install`)).text();
  const start = /<a class="button" href="([^"]+)"/.exec(page)?.[1]?.replaceAll('&#38;', '&');
  if (!start) throw new Error('the install page has no Add to Slack button');
  const started = await fetch(new URL(start, replica.url), { redirect: 'manual' });
  const cookie = started.headers
    .getSetCookie()
    .map((one) => one.split(';')[0]!)
    .join('; ');
  await fake.approveNextInstall({ teamId, teamName: `Workspace ${teamId}`, installerUserId: `U${teamId.slice(1)}` });
  const back = (await fetch(started.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
  const finished = await fetch(back, { headers: { cookie }, redirect: 'manual' });
  if (finished.status !== 200) throw new Error(`the install of ${teamId} ended ${finished.status}`);
  return teamId;
}

const teamIdOf = (n: number) => `T${String(n).padStart(8, '0')}`;
const smallChannel = (n: number) => `C${String(n).padStart(8, '0')}`;
const burstChannel = (i: number) => `CBURST${String(i).padStart(3, '0')}`;

interface Asked {
  teamId: string;
  channelId: string;
  digestId: string;
}

/** The next whole minute (UTC) at least `aheadMs` from now: when every digest of a round falls due. */
function nextMinute(aheadMs: number): number {
  return Math.ceil((Date.now() + aheadMs) / 60_000) * 60_000;
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** One round: the digests asked for, all due at one minute, run by both replicas' schedulers at once. */
async function round(replicas: Replica[], fake: WorkspaceSlack, installs: string[], withBurst: boolean) {
  const due = nextMinute(5_000);
  const [first] = replicas;
  const asked: Asked[] = [];
  const add = async (teamId: string, channelId: string, filter: string) => {
    const digest = await first!.slack.deps.digests.add({
      teamId,
      channelId,
      createdBy: `U${teamId.slice(1)}`,
      cadence: 'daily',
      time: hhmm(due),
      timeZone: 'UTC',
      filter,
    });
    asked.push({ teamId, channelId, digestId: digest.id });
  };
  for (const [n, teamId] of installs.entries()) await add(teamId, smallChannel(n), 'all');
  const burstTeam = installs[0]!;
  if (withBurst)
    for (let c = 0; c < BURST_CHANNELS; c++)
      for (let k = 0; k < BURST_PER_CHANNEL; k++) await add(burstTeam, burstChannel(c), FILTERS[k]!);
  const before = await fake.calls(Number.MAX_SAFE_INTEGER);
  // Both replicas look for due runs at the same moment, as their loops would at that minute.
  const started = Date.now();
  await Promise.all(replicas.map((replica) => replica.slack.scheduler.tick(due)));
  await Promise.all(replicas.map((replica) => replica.slack.settle(120_000)));
  const elapsed = Date.now() - started;
  const seen = await fake.calls(before.total);
  const calls = seen.calls;
  if (process.env.BENCH_DEBUG) {
    const limited = calls.find((call) => call.status === 429);
    if (limited)
      console.log(
        calls
          .filter((call) => call.channel === limited.channel)
          .map((call) => `${call.method} ${call.reply ? 'reply' : 'main'} ${call.status} +${call.at - started}`),
      );
  }
  const posts = calls.filter((call) => call.method === 'chat.postMessage' && call.status === 200);
  const mains = posts.filter((call) => !call.reply);
  // Delivered: each digest's run recorded as posted for this minute, and one first message per digest in its channel.
  const delivered = new Map<string, number>();
  for (const call of mains) delivered.set(String(call.channel), (delivered.get(String(call.channel)) ?? 0) + 1);
  const expected = new Map<string, number>();
  for (const one of asked) expected.set(one.channelId, (expected.get(one.channelId) ?? 0) + 1);
  const wrongCount = [...expected].filter(([channel, count]) => delivered.get(channel) !== count);
  const strays = [...delivered.keys()].filter((channel) => !expected.has(channel));
  const teamOfChannel = new Map(asked.map((one) => [one.channelId, one.teamId]));
  const foreignToken = posts.filter((call) => call.teamId !== teamOfChannel.get(String(call.channel)));
  let notPosted = 0;
  for (const one of asked) {
    const digest = await first!.slack.deps.digests.find(one.teamId, one.digestId);
    if (digest?.lastRun?.outcome !== 'posted' || digest.lastRun.scheduledFor !== due) notPosted += 1;
  }
  const byChannel = new Map<string, number[]>();
  for (const call of posts)
    byChannel.set(String(call.channel), [...(byChannel.get(String(call.channel)) ?? []), call.at]);
  const mostPerChannelSecond = Math.max(...[...byChannel.values()].map((times) => maxInWindow(times, 1000)));
  const firstPostOf = new Map<string, number>();
  for (const call of mains) {
    const team = teamOfChannel.get(String(call.channel))!;
    if (!firstPostOf.has(team)) firstPostOf.set(team, call.at - started);
  }
  const smallDelays = installs.slice(1).map((teamId) => firstPostOf.get(teamId) ?? Number.NaN);
  const burstPosts = mains.filter((call) => teamOfChannel.get(String(call.channel)) === burstTeam);
  for (const one of asked) await first!.slack.deps.digests.remove(one.digestId);
  return {
    row: {
      workspaces: installs.length,
      'digests asked': asked.length,
      'digests posted': mains.length,
      'thread replies': posts.length - mains.length,
      'not recorded posted': notPosted,
      'channels off count': wrongCount.length + strays.length,
      'posts with another workspace’s token': foreignToken.length,
      'Slack 429s': seen.refused - before.refused,
      'most posts in a channel in 1 s': mostPerChannelSecond,
      'small p50 first post ms': Math.round(percentile(smallDelays, 50)),
      'small p99 first post ms': Math.round(percentile(smallDelays, 99)),
      'small max first post ms': Math.round(Math.max(...smallDelays)),
      'burst workspace last post ms': burstPosts.length ? Math.max(...burstPosts.map((call) => call.at - started)) : 0,
      'round s': Number((elapsed / 1000).toFixed(1)),
    },
    missing: smallDelays.filter((delay) => Number.isNaN(delay)).length,
  };
}

function memory(): { rss: number; heap: number } {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rss: Math.round(usage.rss / 2 ** 20), heap: Math.round(usage.heapUsed / 2 ** 20) };
}

try {
  const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  probe.on('error', () => undefined);
  await probe.connect();
  await probe.close();
} catch {
  console.error(`bench:workspaces needs Redis at ${REDIS_URL} (set REDIS_URL).`);
  process.exit(2);
}
if (typeof globalThis.gc !== 'function') console.warn('run with --expose-gc for memory after a full GC');

const prefix = `dqbench:${randomBytes(4).toString('hex')}:`;
const fake = await WorkspaceSlack.start();
const simulator = await startSimulator({ apiKeys: [API_KEY], rateLimits: limits });
const replicas = [await startReplica(fake, simulator.url, prefix), await startReplica(fake, simulator.url, prefix)];
await fake.setRedirectUri(`${replicas[0]!.url}/slack/oauth_redirect`);
const goals = new Goals();
const installs: string[] = [];
// Installs alternate between the replicas, as a load balancer would send them.
installs.push(await install(replicas[0]!, fake, teamIdOf(0)));
const one = await round(replicas, fake, installs, false);
const withOne = memory();
for (let n = 1; n < WORKSPACES; n++) installs.push(await install(replicas[n % 2]!, fake, teamIdOf(n)));
const stored = (await replicas[0]!.store.listDocs('installations')).length;
if (stored !== WORKSPACES) goals.fail(`${stored} installations stored of ${WORKSPACES} installed`);
const alone = await round(replicas, fake, installs, false);
const burst = await round(replicas, fake, installs, true);
// Again without the burst, as warm as the burst's round was: the comparison is with this one.
const again = await round(replicas, fake, installs, false);
const withAll = memory();

console.log(
  `\n${WORKSPACES} workspaces installed through Add to Slack, 2 replicas sharing Redis, every digest due at one minute;` +
    `\nthe burst: one workspace's ${BURST} more digests (${BURST_PER_CHANNEL} in each of ${BURST_CHANNELS} channels)`,
);
console.table({
  '1 workspace': one.row,
  [`${WORKSPACES}, no burst`]: alone.row,
  [`${WORKSPACES}, with the burst`]: burst.row,
  [`${WORKSPACES}, no burst again`]: again.row,
});
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
console.log("\nthe other workspaces' first post, with the burst vs without it (before it, and again after it)");
const side = (p: 'p50' | 'p99') => {
  const key = `small ${p} first post ms` as const;
  return {
    'without, before': alone.row[key],
    with: burst.row[key],
    'without, after': again.row[key],
    ratio: ratio(burst.row[key], Math.min(alone.row[key], again.row[key])),
  };
};
console.table({ 'p50 ms': side('p50'), 'p99 ms': side('p99') });
console.log('\nmemory of the process holding both replicas, after a full GC (MiB)');
console.table({
  RSS: {
    '1 installation': withOne.rss,
    [`${WORKSPACES} installations`]: withAll.rss,
    ratio: ratio(withAll.rss, withOne.rss),
  },
  'heap used': {
    '1 installation': withOne.heap,
    [`${WORKSPACES} installations`]: withAll.heap,
    ratio: ratio(withAll.heap, withOne.heap),
  },
  'redactor secrets': {
    '1 installation': '—',
    [`${WORKSPACES} installations`]: replicas[0]!.redactor.size,
    ratio: '—',
  },
});

for (const [name, { row, missing }] of Object.entries({
  '1 workspace': one,
  'no burst': alone,
  'with the burst': burst,
  'no burst again': again,
})) {
  if (
    row['digests posted'] !== row['digests asked'] ||
    row['not recorded posted'] > 0 ||
    row['channels off count'] > 0 ||
    missing > 0
  )
    goals.fail(
      `${name}: ${row['digests posted']} digests posted of ${row['digests asked']} asked, ${row['not recorded posted']} not recorded as posted, ${row['channels off count']} channels with another count, ${missing} workspaces with none`,
    );
  goals.check(
    `${name}: each workspace's own token`,
    row['posts with another workspace’s token'] === 0,
    `${row['posts with another workspace’s token']} posts with another's`,
  );
  goals.check(
    `${name}: within Slack's limits`,
    row['Slack 429s'] === 0 && row['most posts in a channel in 1 s'] <= 1,
    `${row['Slack 429s']} answered 429, at most ${row['most posts in a channel in 1 s']} post in a channel in any 1 s`,
  );
}
// Against the quicker of the two rounds without it: the burst's cost is not hidden by a slow round.
const without = Math.min(alone.row['small p99 first post ms'], again.row['small p99 first post ms']);
const withBurst = burst.row['small p99 first post ms'];
goals.check(
  'the burst delays the others no more than their share',
  withBurst <= FAIR_RATIO * without + FAIR_SLACK_MS,
  `the other workspaces' p99 first post ${withBurst} ms with it, ${without} ms without (goal ≤ ${FAIR_RATIO}× + ${FAIR_SLACK_MS} ms)`,
);

for (const replica of replicas) {
  await replica.slack.stop();
  await replica.slack.settle(10_000);
  await replica.data.close();
  await replica.store.close();
}
await fake.close();
await simulator.close();
await cleanup(prefix);
process.exit(goals.report());
