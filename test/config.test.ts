import { describe, expect, it } from 'vitest';
import { type ConfigOptions, loadConfig, parseRateLimits, readConfig } from '../src/config.js';
import { ConfigError } from '../src/core/errors.js';
import { DEFAULT_CAPS } from '../src/core/jobs/caps.js';
import { OPERATION_IDS, typedNameOf } from '../src/core/operations/index.js';
import { runEntryPoint } from './support/entryPoints.js';

const TERMINAL: ConfigOptions = { inSlack: false, demo: false };
const SERVICE = { DATA_API_BASE_URL: 'https://api.example.com', DATA_API_KEY: 'k' };
const SLACK = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'secret' };

function problemsOf(env: Record<string, string>, options: ConfigOptions = TERMINAL): string[] {
  return readConfig(env, options).problems ?? [];
}

/** The problems an entry point listed under "Configuration is incomplete:". */
function listed(output: string): string[] {
  expect(output).toContain('Configuration is incomplete:');
  return [...output.matchAll(/^ {2}- (.*)$/gm)].map((match) => match[1]!);
}

describe('the data service, store and budgets', () => {
  it('names every missing variable in one message', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^DATA_API_BASE_URL is missing/);
    expect(problems[1]).toMatch(/^DATA_API_KEY is missing/);
  });

  it('reads limits, costs, TTLs and budgets, with defaults', () => {
    const config = loadConfig(
      {
        DATA_API_BASE_URL: 'https://api.example.com',
        DATA_API_KEY: 'k',
        DATA_API_RATE_LIMITS: 'fund-asset=6/10s,futures=5/1s,taxpayer=600/min',
        DATA_API_COSTS: 'bids=15',
        CACHE_TTLS: 'futures:daily=10m,fund-asset=1h',
        COIN_BUDGET_TEAM_DAILY: '500',
        COIN_BUDGET_KEY_DAILY: '2000',
      },
      TERMINAL,
    );
    expect(config.service.rateLimits).toEqual({
      'fund-asset': { count: 6, windowMs: 10_000 },
      'finance-external-futures-kline': { count: 5, windowMs: 1000 },
      'enterprise-general-taxpayer-query': { count: 600, windowMs: 60_000 },
    });
    expect(config.service.costs).toEqual({ 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': 15 });
    expect(config.service.cacheTtlMs).toEqual({
      'finance-external-futures-kline:daily': 600_000,
      'fund-asset': 3_600_000,
    });
    expect(config.budgets).toEqual({ teamDaily: 500, keyDaily: 2000, timeZone: 'Asia/Shanghai' });
    expect(config.service.timeoutMs).toBe(5000);
    expect(config.store.url).toBe('sqlite://./data/dq.sqlite');
  });

  it('reports every malformed value', () => {
    const problems = problemsOf({
      DATA_API_BASE_URL: 'ftp://x',
      DATA_API_KEY: 'k',
      DATA_API_RATE_LIMITS: 'nope=1/1s,fund-asset=fast',
      CACHE_TTLS: 'futures:weekly=1m',
      COIN_BUDGET_USER_DAILY: 'lots',
      BUDGET_TZ: 'Mars/Olympus',
      STORE_URL: 'mongo://x',
    });
    expect(problems).toHaveLength(7);
  });

  it('an unknown operation in DATA_API_RATE_LIMITS is answered with every typed name of the registry', () => {
    const problems: string[] = [];
    parseRateLimits('nope=1/1s', problems);
    expect(problems).toEqual([
      `DATA_API_RATE_LIMITS: unknown operation "nope" (use an operation name or ${OPERATION_IDS.map(typedNameOf).join(', ')})`,
    ]);
    expect(problems[0]).toContain('taxpayer, bids, fund-asset, futures, new-funds');
  });

  it('parses rate limits by typed name', () => {
    const problems: string[] = [];
    expect(parseRateLimits('new-funds=2/500ms', problems)).toEqual({ 'fund-new-list': { count: 2, windowMs: 500 } });
    expect(problems).toEqual([]);
  });

  it('a malformed STORE_URL is reported without its password', () => {
    let problems: string[] = [];
    try {
      loadConfig(
        { DATA_API_BASE_URL: 'https://x.example', DATA_API_KEY: 'k', STORE_URL: 'redis:/:s3cret@host' },
        TERMINAL,
      );
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).not.toContain('s3cret');
    expect(
      loadConfig(
        { DATA_API_BASE_URL: 'https://x.example', DATA_API_KEY: 'k', STORE_URL: 'REDIS://:pw@127.0.0.1:6379' },
        TERMINAL,
      ).store.url,
    ).toBe('REDIS://:pw@127.0.0.1:6379');
  });
});

describe('demo mode', () => {
  it("needs no data service, keeps its data in memory and reads the simulator's settings", () => {
    const config = loadConfig({ SIMULATOR_LATENCY_MS: '1500' }, { inSlack: false, demo: true });
    expect(config.demo).toBe(true);
    expect(config.store.url).toBe('memory://');
    expect(config.simulator?.faults).toEqual({ latencyMs: 1500 });
    expect(loadConfig({ ...SERVICE }, TERMINAL).simulator).toBeUndefined();
  });

  it('is DEMO=1 for the app and --demo at the terminal, which DEMO does not change', () => {
    expect(loadConfig({ ...SLACK, DEMO: '1' }, { inSlack: true }).slack.demo).toBe(true);
    expect(readConfig({ DEMO: '1' }, TERMINAL).problems).toHaveLength(2);
  });

  it("still checks a data-service address that is given, and the simulator's settings", () => {
    expect(problemsOf({ DATA_API_BASE_URL: 'ftp://x', SIMULATOR_SEED: 'x' }, { inSlack: false, demo: true })).toEqual([
      'DATA_API_BASE_URL "ftp://x" is not an http(s) URL',
      'SIMULATOR_SEED has an unusable value "x"',
    ]);
  });
});

describe('Slack', () => {
  it('needs the bot token and signing secret to run in Slack, and says where to find them', () => {
    const problems = problemsOf({ ...SERVICE }, { inSlack: true });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET']);
    expect(problems[0]).toContain('OAuth & Permissions');
  });

  it('reads Socket Mode, the Web API address, the port, allowlists and admins', () => {
    const config = loadConfig(
      {
        ...SERVICE,
        SLACK_BOT_TOKEN: 'xoxb-1',
        SLACK_APP_TOKEN: 'xapp-1',
        SLACK_API_URL: 'http://127.0.0.1:9/api',
        PORT: '8080',
        ALLOWED_TEAM_IDS: 'T1, T2',
        ALLOWED_USER_IDS: 'U1',
        ADMIN_USER_IDS: 'U1 U2',
      },
      { inSlack: true },
    ).slack;
    expect(config).toMatchObject({
      botToken: 'xoxb-1',
      signingSecret: '',
      appToken: 'xapp-1',
      apiUrl: 'http://127.0.0.1:9/api/',
      port: 8080,
      defaultTimeZone: 'Asia/Shanghai',
      demo: false,
    });
    expect(config.allowlist).toEqual({ teams: new Set(['T1', 'T2']), users: new Set(['U1']) });
    expect(config.adminUserIds).toEqual(new Set(['U1', 'U2']));
  });

  it('serves /metrics only on OPS_PORT, which must not be the Slack port (issue 32.9)', () => {
    expect(loadConfig({ ...SERVICE, ...SLACK }, { inSlack: true }).slack.opsPort).toBeUndefined();
    expect(loadConfig({ ...SERVICE, ...SLACK, OPS_PORT: '9091' }, { inSlack: true }).slack.opsPort).toBe(9091);
    expect(problemsOf({ ...SERVICE, ...SLACK, PORT: '3000', OPS_PORT: '3000' }, { inSlack: true })).toEqual([
      expect.stringMatching(/^OPS_PORT 3000 is PORT too/),
    ]);
    expect(problemsOf({ ...SERVICE, ...SLACK, OPS_PORT: 'metrics' }, { inSlack: true })).toEqual([
      'OPS_PORT "metrics" is not a port number',
    ]);
  });

  it("at a terminal reads nothing of Slack's connection and locks nobody out", () => {
    const config = loadConfig(
      { ...SERVICE, PORT: 'none', SLACK_BOT_TOKEN: 'bad', ALLOWED_USER_IDS: 'U1', ADMIN_USER_IDS: 'U2', USER: ' ann ' },
      TERMINAL,
    );
    expect(config.slack).toMatchObject({ botToken: '', port: 0, allowlist: {}, adminUserIds: new Set(['U2']) });
    expect(config.user).toBe('ann');
  });
});

describe('the rest of the settings', () => {
  it('has the defaults the README gives', () => {
    const config = loadConfig({ ...SERVICE }, TERMINAL);
    expect(config.shutdownGraceMs).toBe(10_000);
    expect(config.logLevel).toBeUndefined();
    expect(config.defaultTimeZone).toBe('Asia/Shanghai');
    expect(config.digests).toEqual({
      timeZone: 'Asia/Shanghai',
      postEmpty: false,
      catchUpMs: 3_600_000,
      caps: DEFAULT_CAPS,
    });
    expect(config.charts).toMatchObject({ host: 'https://quickchart.io', width: 700, height: 380 });
    expect(config.store.shareRetentionMs).toBe(86_400_000);
    expect(config.slack.workspaceLocale).toBeUndefined();
  });

  it("reads the workspace language: en, zh-CN (or zh), or auto for each person's Slack language", () => {
    expect(loadConfig({ ...SERVICE, DEFAULT_LOCALE: 'zh' }, TERMINAL).slack.workspaceLocale).toBe('zh-CN');
    expect(loadConfig({ ...SERVICE, DEFAULT_LOCALE: 'zh-CN' }, TERMINAL).slack.workspaceLocale).toBe('zh-CN');
    expect(loadConfig({ ...SERVICE, DEFAULT_LOCALE: 'en' }, TERMINAL).slack.workspaceLocale).toBe('en');
    expect(loadConfig({ ...SERVICE, DEFAULT_LOCALE: 'auto' }, TERMINAL).slack.workspaceLocale).toBeUndefined();
    expect(problemsOf({ ...SERVICE, DEFAULT_LOCALE: 'fr' })).toEqual([
      'DEFAULT_LOCALE "fr" is not a language this app speaks: en, zh-CN or auto',
    ]);
  });

  it('reads the shutdown grace period, the log level and the digest settings', () => {
    const config = loadConfig(
      {
        ...SERVICE,
        SHUTDOWN_GRACE_MS: '500',
        LOG_LEVEL: ' WARN ',
        DIGEST_TZ: 'Europe/London',
        DIGEST_POST_EMPTY: 'yes',
        DIGEST_CATCHUP: '30m',
      },
      TERMINAL,
    );
    expect(config.shutdownGraceMs).toBe(500);
    expect(config.logLevel).toBe('warn');
    expect(config.digests).toEqual({
      timeZone: 'Europe/London',
      postEmpty: true,
      catchUpMs: 1_800_000,
      caps: DEFAULT_CAPS,
    });
  });

  it('reads the caps on watches and digests an admin raised (or lowered), and refuses what is no whole number', () => {
    const config = loadConfig(
      { ...SERVICE, WATCH_MAX_PER_PERSON: '100', WATCH_MAX_PER_WORKSPACE: '2000', DIGEST_MAX_PER_CHANNEL: '1' },
      TERMINAL,
    );
    expect(config.digests.caps).toEqual({
      watches: { ...DEFAULT_CAPS.watches, perPerson: 100, perWorkspace: 2000 },
      digests: { ...DEFAULT_CAPS.digests, perChannel: 1 },
    });
    expect(problemsOf({ ...SERVICE, DIGEST_MAX_PER_PERSON: 'lots' })).toEqual([
      'DIGEST_MAX_PER_PERSON "lots" is not a whole number',
    ]);
  });
});

/** One bad value in every section, with Slack's settings right so the app and the terminal can be compared. */
const BAD = {
  ...SLACK,
  DATA_API_BASE_URL: 'ftp://x',
  DATA_API_KEY: 'k',
  DATA_API_TIMEOUT_MS: 'soon',
  DATA_API_RATE_LIMITS: 'nope=1/1s',
  BUDGET_TZ: 'Mars/Olympus',
  STORE_URL: 'mongo://x',
  DEFAULT_TZ: 'Moon/Base',
  DEFAULT_LOCALE: 'klingon',
  CHART_COLORS: 'red',
  QUICKCHART_WIDTH: '5',
  DIGEST_CATCHUP: 'later',
  DIGEST_POST_EMPTY: 'maybe',
  SHUTDOWN_GRACE_MS: '10s',
  LOG_LEVEL: 'loud',
};
const BAD_NAMES = [
  'DATA_API_BASE_URL',
  'DATA_API_TIMEOUT_MS',
  'DATA_API_RATE_LIMITS',
  'BUDGET_TZ',
  'STORE_URL',
  'DEFAULT_TZ',
  'DEFAULT_LOCALE',
  'CHART_COLORS',
  'QUICKCHART_WIDTH',
  'DIGEST_CATCHUP',
  'DIGEST_POST_EMPTY',
  'SHUTDOWN_GRACE_MS',
  'LOG_LEVEL',
];

describe('CSV exports', () => {
  it('stop at EXPORT_MAX_PAGES pages, 20 unless set, at least 1', () => {
    expect(loadConfig({ ...SERVICE }, TERMINAL).slack.exportMaxPages).toBe(20);
    expect(loadConfig({ ...SERVICE, ...SLACK, EXPORT_MAX_PAGES: ' 5 ' }, { inSlack: true }).slack.exportMaxPages).toBe(
      5,
    );
    expect(problemsOf({ ...SERVICE, EXPORT_MAX_PAGES: 'many' })).toEqual([
      'EXPORT_MAX_PAGES "many" is not a whole number',
    ]);
    expect(problemsOf({ ...SERVICE, EXPORT_MAX_PAGES: '0' })).toEqual([
      'EXPORT_MAX_PAGES "0" must be at least 1: the most pages one CSV export fetches',
    ]);
  });
});

describe('every problem at once', () => {
  it('reports a bad value in every section together, not the first', () => {
    const problems = problemsOf(BAD, { inSlack: true });
    expect(problems).toHaveLength(BAD_NAMES.length);
    for (const name of BAD_NAMES)
      expect(
        problems.some((problem) => problem.includes(name)),
        name,
      ).toBe(true);
    const { SLACK_BOT_TOKEN: _token, ...withoutToken } = BAD;
    expect(problemsOf(withoutToken, { inSlack: true })).toEqual([
      expect.stringMatching(/^SLACK_BOT_TOKEN is missing/),
      ...problems,
    ]);
    expect(() => loadConfig(BAD, { inSlack: true })).toThrow(ConfigError);
  });

  it('npm start, the console and every dq command list the same problems', async () => {
    const expected = problemsOf(BAD, { inSlack: true });
    const runs = await Promise.all([
      runEntryPoint('npm start', [], BAD),
      runEntryPoint('dq', ['console'], BAD),
      runEntryPoint('dq', ['chart', 'futures', 'CL', '5m', '30'], BAD),
      runEntryPoint('dq', ['call', 'futures', 'symbol=CL'], BAD),
      runEntryPoint('dq', ['ping'], BAD),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(listed(run.stderr)).toEqual(expected);
      expect(run.stderr).toContain('See docs/configuration.md.');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});

describe('Add to Slack and secrets at rest (issue 46)', () => {
  const KEY = Buffer.alloc(32, 1).toString('base64');
  const OAUTH = {
    SLACK_CLIENT_ID: '123.456',
    SLACK_CLIENT_SECRET: 'client-secret',
    SLACK_STATE_SECRET: 'a-state-secret-of-length',
    SLACK_SIGNING_SECRET: 'secret',
    SECRETS_KEY: KEY,
  };
  const IN_SLACK: ConfigOptions = { inSlack: true };

  it('runs without SLACK_BOT_TOKEN when the three OAuth settings and SECRETS_KEY are set', () => {
    const config = loadConfig(
      { ...SERVICE, ...OAUTH, SLACK_REDIRECT_URI: 'https://dq.example.com/slack/oauth_redirect' },
      IN_SLACK,
    );
    expect(config.slack.oauth).toEqual({
      clientId: '123.456',
      clientSecret: 'client-secret',
      stateSecret: 'a-state-secret-of-length',
      redirectUri: 'https://dq.example.com/slack/oauth_redirect',
    });
    expect(config.slack.botToken).toBe('');
    expect(config.secrets?.current.id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('keeps the single workspace as it is when none of them is set', () => {
    const config = loadConfig({ ...SERVICE, ...SLACK }, IN_SLACK);
    expect(config.slack.oauth).toBeUndefined();
    expect(config.secrets).toBeUndefined();
  });

  it('says which OAuth setting is missing, and that Add to Slack needs HTTP mode, one mode and a key', () => {
    const { SLACK_STATE_SECRET: _state, SECRETS_KEY: _key, ...partial } = OAUTH;
    expect(problemsOf({ ...SERVICE, ...partial }, IN_SLACK)).toEqual([
      expect.stringMatching(/^SLACK_STATE_SECRET is missing: Add to Slack needs/),
    ]);
    expect(
      problemsOf({ ...SERVICE, ...OAUTH, SLACK_APP_TOKEN: 'xapp-1', SLACK_BOT_TOKEN: 'xoxb-1' }, IN_SLACK),
    ).toEqual([
      expect.stringMatching(/^SLACK_CLIENT_ID and SLACK_APP_TOKEN are set: Add to Slack needs HTTP mode/),
      expect.stringMatching(/^SLACK_BOT_TOKEN and SLACK_CLIENT_ID are both set/),
    ]);
    const { SECRETS_KEY: _none, ...keyless } = OAUTH;
    expect(problemsOf({ ...SERVICE, ...keyless }, IN_SLACK)).toEqual([
      expect.stringMatching(/^SECRETS_KEY is missing: .*openssl rand -base64 32/),
    ]);
  });

  it('refuses a key that is not 32 bytes, and previous keys without a current one, never repeating a key', () => {
    const problems = problemsOf({ ...SERVICE, SECRETS_KEY: 'c2hvcnQ=', SECRETS_KEYS_PREVIOUS: `${KEY},nope` });
    expect(problems).toEqual([expect.stringMatching(/^SECRETS_KEY is not 32 bytes/)]);
    expect(problemsOf({ ...SERVICE, SECRETS_KEYS_PREVIOUS: KEY })).toEqual([
      expect.stringMatching(/^SECRETS_KEYS_PREVIOUS is set without SECRETS_KEY/),
    ]);
    const previous = problemsOf({ ...SERVICE, SECRETS_KEY: KEY, SECRETS_KEYS_PREVIOUS: `${KEY} c2hvcnQ=` });
    expect(previous).toEqual([expect.stringMatching(/^SECRETS_KEYS_PREVIOUS: key 2 is not 32 bytes/)]);
    expect(problems.join(' ')).not.toContain(KEY);
  });
});
