import { z } from 'zod';
import { type ChartSettings, chartSettingsFromEnv } from './charts/chartRenderer.js';
import type { DigestConfig } from './core/digest/types.js';
import { parseDuration } from './core/duration.js';
import { ConfigError } from './core/errors.js';
import { type Caps, DEFAULT_DIGEST_CAPS, DEFAULT_WATCH_CAPS } from './core/jobs/caps.js';
import {
  findOperation,
  OPERATION_IDS,
  type OperationId,
  type RateLimit,
  typedNameOf,
} from './core/operations/index.js';
import { readSecretKey, type SecretKey } from './core/secretBox.js';
import {
  type DatabaseSettings,
  DEFAULT_DATABASE_POOL_SIZE,
  parseDatabaseUrl,
  parseStoreUrl,
} from './core/store/index.js';
import { readLanguageChoice } from './i18n/lang.js';
import { simulatorOptionsFromEnv } from './simulator/env.js';
import type { SimulatorOptions } from './simulator/types.js';
import {
  type Allowlist,
  DEFAULT_EXPORT_MAX_PAGES,
  DEFAULT_SUPPLIER_CHECK_MAX_ROWS,
  QUEUED_NOTICE_AFTER_MS,
  type SlackConfig,
} from './slack/slackConfig.js';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from './time/calendar.js';

/**
 * The whole configuration, read from the environment here and nowhere else. `npm start`, the console
 * and every `dq` command read it through `readConfig`, so the same environment gives the same
 * problems, all of them at once, whichever way the app is started.
 */
export interface AppConfig {
  /** The built-in simulator stands in for the data service (DEMO=1 for the app, --demo for `dq`). */
  demo: boolean;
  service: ServiceConfig;
  /** In demo mode: SIMULATOR_* for the simulator started in this process. */
  simulator?: SimulatorOptions;
  store: StoreConfig;
  budgets: BudgetConfig;
  slack: SlackConfig;
  /** Zone of every time shown when the reader's own cannot be read (DEFAULT_TZ). */
  defaultTimeZone: string;
  charts: ChartSettings;
  digests: DigestConfig;
  /** Unset: each entry point has its own default (the app logs more than a terminal command). */
  logLevel?: LogLevel;
  /** On SIGTERM, how long lookups and digest runs in flight may take to finish. */
  shutdownGraceMs: number;
  /** Who the console and `dq` charge their lookups to in usage and history (USER). */
  user?: string;
  /** SECRETS_KEY and SECRETS_KEYS_PREVIOUS: what secrets at rest (installed tokens) are sealed under. */
  secrets?: SecretKeys;
}

export interface SecretKeys {
  current: SecretKey;
  /** Keys rotated out, still read until `dq secrets rotate` has sealed everything under the current one. */
  previous: SecretKey[];
}

export interface ServiceConfig {
  /** Empty in demo mode unless set: the simulator's address replaces it. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  rateLimits: Partial<Record<OperationId, RateLimit>>;
  costs: Partial<Record<OperationId, number>>;
  cacheTtlMs: Record<string, number>;
}

export interface StoreConfig {
  url: string;
  shareRetentionMs: number;
  /** DATABASE_URL and its pool: PostgreSQL as the system of record beside STORE_URL. */
  database?: DatabaseSettings;
}

export interface BudgetConfig {
  teamDaily?: number;
  userDaily?: number;
  /** Everything charged to the service key per day, every team's (other organisations' in shared channels) included. */
  keyDaily?: number;
  timeZone: string;
}

export interface ConfigOptions {
  /**
   * `npm start` runs in Slack and needs its tokens; the console and `dq` run at a terminal, where
   * nothing of Slack's connection is read and nobody is locked out.
   */
  inSlack: boolean;
  /** The terminal's --demo; when not given, DEMO decides. */
  demo?: boolean;
}

/** The configuration, or every problem with it; `demo` either way, as the advice that follows problems differs. */
export type ConfigReading = { demo: boolean } & (
  | { config: AppConfig; problems?: undefined }
  | { config?: undefined; problems: string[] }
);

export type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_STORE_URL = 'sqlite://./data/dq.sqlite';
/** A demo leaves nothing behind unless STORE_URL says otherwise. */
const DEMO_STORE_URL = 'memory://';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const wholeNumber = z.string().trim().regex(/^\d+$/).transform(Number);
const logLevel = z.string().trim().toLowerCase().pipe(z.enum(LOG_LEVELS));

/**
 * Every configuration problem at once, as plain messages, or the configuration when there are none.
 * Nothing is started and nothing is thrown for a bad value: an operator fixes the whole setup in one go.
 */
export function readConfig(env: Env, options: ConfigOptions): ConfigReading {
  const problems: string[] = [];
  const read = reader(env, problems);
  const demo = options.demo ?? read.flag('DEMO');

  const slack = options.inSlack ? slackConnection(read) : undefined;
  const secrets = secretKeys(read);
  if (slack?.oauth && !secrets)
    problems.push(
      "SECRETS_KEY is missing: installed workspaces' tokens are stored sealed under it (make one with: openssl rand -base64 32)",
    );

  const baseUrl = env.DATA_API_BASE_URL?.trim() ?? '';
  const apiKey = env.DATA_API_KEY?.trim() ?? '';
  if (!demo && !baseUrl)
    problems.push('DATA_API_BASE_URL is missing: the data service address, e.g. https://api.example.com');
  else if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl))
    problems.push(`DATA_API_BASE_URL "${baseUrl}" is not an http(s) URL`);
  if (!demo && !apiKey) problems.push('DATA_API_KEY is missing: the API key of the data-service account');

  const budgets: BudgetConfig = { timeZone: read.timeZone('BUDGET_TZ', 'Asia/Shanghai') };
  const shareRetentionMs = read.duration('SHARE_RETENTION', '24h', '24h');
  const storeUrl = read.text('STORE_URL') ?? (demo ? DEMO_STORE_URL : DEFAULT_STORE_URL);
  try {
    parseStoreUrl(storeUrl);
  } catch (error) {
    // parseStoreUrl's message names the accepted forms and never repeats a password.
    problems.push(error instanceof Error ? error.message : 'STORE_URL is not usable');
  }
  const databaseUrl = read.text('DATABASE_URL');
  let database: DatabaseSettings | undefined;
  if (databaseUrl) {
    try {
      database = {
        url: parseDatabaseUrl(databaseUrl),
        poolSize: read.wholeNumber('DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE),
        statementTimeoutMs: read.duration('DATABASE_STATEMENT_TIMEOUT', '5s', '5s or 500ms'),
      };
    } catch (error) {
      problems.push(error instanceof Error ? error.message : 'DATABASE_URL is not usable');
    }
  }
  const teamDaily = read.optionalWholeNumber('COIN_BUDGET_TEAM_DAILY');
  const userDaily = read.optionalWholeNumber('COIN_BUDGET_USER_DAILY');
  if (teamDaily !== undefined) budgets.teamDaily = teamDaily;
  if (userDaily !== undefined) budgets.userDaily = userDaily;
  const keyDaily = read.optionalWholeNumber('COIN_BUDGET_KEY_DAILY');
  if (keyDaily !== undefined) budgets.keyDaily = keyDaily;
  const service: ServiceConfig = {
    baseUrl,
    apiKey,
    timeoutMs: read.wholeNumber('DATA_API_TIMEOUT_MS', 5000),
    maxRetries: read.wholeNumber('DATA_API_MAX_RETRIES', 2),
    rateLimits: parseRateLimits(env.DATA_API_RATE_LIMITS, problems),
    costs: parseCosts(env.DATA_API_COSTS, problems),
    cacheTtlMs: parseCacheTtls(env.CACHE_TTLS, problems),
  };

  const defaultTimeZone = read.timeZone('DEFAULT_TZ', DEFAULT_TIME_ZONE);
  const localeText = read.text('DEFAULT_LOCALE');
  const localeChoice = localeText === undefined ? 'auto' : readLanguageChoice(localeText);
  const workspaceLocale = localeChoice === 'auto' ? undefined : localeChoice;
  if (localeChoice === undefined)
    problems.push(`DEFAULT_LOCALE "${localeText}" is not a language this app speaks: en, zh-CN or auto`);
  const adminUserIds = idSet(env.ADMIN_USER_IDS) ?? new Set<string>();
  const charts = read.section(() => chartSettingsFromEnv(env));

  const postEmptyText = (env.DIGEST_POST_EMPTY ?? '').trim().toLowerCase();
  if (postEmptyText && !['true', 'false', '1', '0', 'yes', 'no'].includes(postEmptyText))
    problems.push(`DIGEST_POST_EMPTY "${postEmptyText}" should be true or false`);
  const digests: DigestConfig = {
    timeZone: read.timeZone('DIGEST_TZ', 'Asia/Shanghai'),
    postEmpty: ['true', '1', 'yes'].includes(postEmptyText),
    catchUpMs: read.duration('DIGEST_CATCHUP', '1h', '1h or 30m'),
    caps: {
      watches: readCaps(read, 'WATCH', DEFAULT_WATCH_CAPS),
      digests: readCaps(read, 'DIGEST', DEFAULT_DIGEST_CAPS),
    },
  };

  let simulator: SimulatorOptions | undefined;
  if (demo) {
    try {
      simulator = simulatorOptionsFromEnv(env);
    } catch (error) {
      // The simulator's own reader (shared with `npm run simulator`) stops at its first problem.
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }

  const logLevelText = read.text('LOG_LEVEL');
  const level = logLevelText === undefined ? undefined : logLevel.safeParse(logLevelText);
  if (level && !level.success) problems.push(`LOG_LEVEL "${logLevelText}" is not a level: ${LOG_LEVELS.join(', ')}`);
  const shutdownGraceMs = read.wholeNumber('SHUTDOWN_GRACE_MS', 10_000);
  const exportMaxPages = read.wholeNumber('EXPORT_MAX_PAGES', DEFAULT_EXPORT_MAX_PAGES);
  if (exportMaxPages < 1)
    problems.push(
      `EXPORT_MAX_PAGES "${env.EXPORT_MAX_PAGES?.trim()}" must be at least 1: the most pages one CSV export fetches`,
    );
  const supplierCheckMaxRows = read.wholeNumber('SUPPLIER_CHECK_MAX_ROWS', DEFAULT_SUPPLIER_CHECK_MAX_ROWS);
  if (supplierCheckMaxRows < 1)
    problems.push(
      `SUPPLIER_CHECK_MAX_ROWS "${env.SUPPLIER_CHECK_MAX_ROWS?.trim()}" must be at least 1: the most rows one supplier list check takes`,
    );

  if (problems.length > 0 || !charts) return { demo, problems };
  const allowSharedChannels = read.flag('ALLOW_SHARED_CHANNELS');
  const common = {
    adminUserIds,
    defaultTimeZone,
    demo,
    queuedNoticeAfterMs: QUEUED_NOTICE_AFTER_MS,
    exportMaxPages,
    supplierCheckMaxRows,
    allowSharedChannels,
    ...(workspaceLocale ? { workspaceLocale } : {}),
  };
  const config: AppConfig = {
    demo,
    service,
    store: { url: storeUrl, shareRetentionMs, ...(database ? { database } : {}) },
    budgets,
    slack: slack ? { ...slack, ...common } : { botToken: '', signingSecret: '', port: 0, allowlist: {}, ...common },
    defaultTimeZone,
    charts,
    digests,
    shutdownGraceMs,
  };
  if (simulator) config.simulator = simulator;
  if (secrets) config.secrets = secrets;
  if (level?.success) config.logLevel = level.data;
  const user = read.text('USER');
  if (user) config.user = user;
  return { demo, config };
}

/** WATCH_MAX_PER_PERSON, _PER_CHANNEL, _PER_WORKSPACE (and DIGEST_…): whole numbers, each defaulting to its own. */
function readCaps(read: Reader, kind: 'WATCH' | 'DIGEST', defaults: Caps): Caps {
  return {
    perPerson: read.wholeNumber(`${kind}_MAX_PER_PERSON`, defaults.perPerson),
    perChannel: read.wholeNumber(`${kind}_MAX_PER_CHANNEL`, defaults.perChannel),
    perWorkspace: read.wholeNumber(`${kind}_MAX_PER_WORKSPACE`, defaults.perWorkspace),
  };
}

/** `readConfig` for callers with nothing to say about a bad configuration but its problems. */
export function loadConfig(env: Env, options: ConfigOptions): AppConfig {
  const { config, problems } = readConfig(env, options);
  if (problems) throw new ConfigError(problems);
  return config;
}

type SlackConnection = Pick<
  SlackConfig,
  'botToken' | 'signingSecret' | 'appToken' | 'apiUrl' | 'port' | 'opsPort' | 'allowlist' | 'oauth' | 'supportContact'
>;

/** SECRETS_KEY (and the keys before it), when set; a bad one is a problem. */
function secretKeys(read: Reader): SecretKeys | undefined {
  const currentText = read.text('SECRETS_KEY');
  const previousTexts = (read.text('SECRETS_KEYS_PREVIOUS') ?? '').split(/[\s,]+/).filter(Boolean);
  if (!currentText) {
    if (previousTexts.length > 0)
      read.problems.push(
        'SECRETS_KEYS_PREVIOUS is set without SECRETS_KEY: the current key seals, the previous ones only open',
      );
    return undefined;
  }
  const current = readSecretKey(currentText);
  if (typeof current === 'string') {
    read.problems.push(`SECRETS_KEY ${current}`);
    return undefined;
  }
  const previous: SecretKey[] = [];
  previousTexts.forEach((text, index) => {
    const key = readSecretKey(text);
    if (typeof key === 'string') read.problems.push(`SECRETS_KEYS_PREVIOUS: key ${index + 1} ${key}`);
    else previous.push(key);
  });
  return { current, previous };
}

/** SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET: all three (multi-workspace mode) or none. */
function oauthConnection(read: Reader): SlackConfig['oauth'] {
  const { problems, text } = read;
  const names = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;
  const [clientId, clientSecret, stateSecret] = names.map((name) => text(name));
  const given = names.filter((name) => text(name) !== undefined);
  if (given.length === 0) return undefined;
  if (!clientId || !clientSecret || !stateSecret) {
    const missing = names.filter((name) => text(name) === undefined);
    problems.push(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: Add to Slack needs SLACK_CLIENT_ID and SLACK_CLIENT_SECRET ("Basic Information" → App Credentials) and SLACK_STATE_SECRET (any long random text, e.g. openssl rand -hex 32)`,
    );
    return undefined;
  }
  if (stateSecret.length < 16) problems.push('SLACK_STATE_SECRET is too short: at least 16 random characters');
  const oauth: NonNullable<SlackConfig['oauth']> = { clientId, clientSecret, stateSecret };
  const redirectUri = text('SLACK_REDIRECT_URI');
  if (redirectUri && !/^https?:\/\/[^\s/]+\/\S*$/.test(redirectUri))
    problems.push(
      `SLACK_REDIRECT_URI "${redirectUri}" is not an http(s) URL like https://dq.example.com/slack/oauth_redirect`,
    );
  else if (redirectUri) oauth.redirectUri = redirectUri;
  const authorizeUrl = text('SLACK_OAUTH_URL');
  if (authorizeUrl && !/^https?:\/\//.test(authorizeUrl))
    problems.push(`SLACK_OAUTH_URL "${authorizeUrl}" is not an http(s) URL`);
  else if (authorizeUrl) oauth.authorizeUrl = authorizeUrl;
  return oauth;
}

function slackConnection(read: Reader): SlackConnection {
  const { problems, text } = read;
  const botToken = text('SLACK_BOT_TOKEN');
  const appToken = text('SLACK_APP_TOKEN');
  const signingSecret = text('SLACK_SIGNING_SECRET');
  const oauth = oauthConnection(read);
  // One of the three given means Add to Slack was meant: its own problem says what is missing.
  const oauthMeant =
    oauth !== undefined || ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'].some((name) => text(name));
  if (oauth && appToken)
    problems.push(
      'SLACK_CLIENT_ID and SLACK_APP_TOKEN are set: Add to Slack needs HTTP mode (Slack does not distribute Socket Mode apps); unset SLACK_APP_TOKEN',
    );
  if (oauth && botToken)
    problems.push(
      'SLACK_BOT_TOKEN and SLACK_CLIENT_ID are both set: one workspace (SLACK_BOT_TOKEN) or any workspace through Add to Slack (SLACK_CLIENT_ID…), not both',
    );
  if (oauth && !signingSecret)
    problems.push(
      'SLACK_SIGNING_SECRET is missing: from "Basic Information" → App Credentials (Add to Slack runs in HTTP mode)',
    );
  if (!botToken && !oauthMeant)
    problems.push('SLACK_BOT_TOKEN is missing: the Bot User OAuth Token (xoxb-…) from "OAuth & Permissions"');
  else if (botToken && !botToken.startsWith('xoxb-'))
    problems.push('SLACK_BOT_TOKEN should be a bot token starting with xoxb-');
  if (appToken && !appToken.startsWith('xapp-'))
    problems.push('SLACK_APP_TOKEN should be an app-level token starting with xapp- (or unset for HTTP mode)');
  if (!signingSecret && !appToken && !oauthMeant)
    problems.push(
      'SLACK_SIGNING_SECRET is missing: from "Basic Information" → App Credentials (needed in HTTP mode; or set SLACK_APP_TOKEN for Socket Mode)',
    );
  const portText = text('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) problems.push(`PORT "${portText}" is not a port number`);
  const opsPortText = text('OPS_PORT');
  const opsPort = opsPortText === undefined ? undefined : Number(opsPortText);
  if (opsPortText !== undefined && (!/^\d+$/.test(opsPortText) || opsPort! > 65535))
    problems.push(`OPS_PORT "${opsPortText}" is not a port number`);
  else if (opsPort !== undefined && opsPort !== 0 && opsPort === port)
    problems.push(
      `OPS_PORT ${opsPort} is PORT too: /metrics must not be served where Slack (and anyone who can reach it) sends requests`,
    );
  const apiUrl = text('SLACK_API_URL');
  if (apiUrl && !/^https?:\/\//.test(apiUrl)) problems.push(`SLACK_API_URL "${apiUrl}" is not an http(s) URL`);

  const allowlist: Allowlist = {};
  const teams = idSet(read.env.ALLOWED_TEAM_IDS);
  const channels = idSet(read.env.ALLOWED_CHANNEL_IDS);
  const users = idSet(read.env.ALLOWED_USER_IDS);
  if (teams) allowlist.teams = teams;
  if (channels) allowlist.channels = channels;
  if (users) allowlist.users = users;
  const connection: SlackConnection = {
    botToken: botToken ?? '',
    signingSecret: signingSecret ?? '',
    port,
    allowlist,
    ...(opsPort !== undefined ? { opsPort } : {}),
  };
  if (appToken) connection.appToken = appToken;
  if (oauth) connection.oauth = oauth;
  const supportContact = text('SUPPORT_CONTACT');
  if (supportContact) connection.supportContact = supportContact;
  if (apiUrl) connection.apiUrl = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return connection;
}

/** A comma or space separated list of Slack ids; undefined when empty. */
function idSet(text: string | undefined): ReadonlySet<string> | undefined {
  const ids = (text ?? '').split(/[\s,]+/).filter(Boolean);
  return ids.length > 0 ? new Set(ids) : undefined;
}

type Reader = ReturnType<typeof reader>;

/** Reads one variable at a time; a bad value adds a problem and gives the default, so reading goes on. */
function reader(env: Env, problems: string[]) {
  const text = (name: string): string | undefined => env[name]?.trim() || undefined;
  const wholeNumberOr = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const parsed = wholeNumber.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`${name} "${raw}" is not a whole number`);
    return fallback;
  };
  return {
    env,
    problems,
    text,
    flag: (name: string): boolean => ['1', 'true', 'yes'].includes((env[name] ?? '').trim().toLowerCase()),
    wholeNumber: wholeNumberOr,
    optionalWholeNumber: (name: string): number | undefined =>
      text(name) === undefined ? undefined : wholeNumberOr(name, 0),
    timeZone(name: string, fallback: string): string {
      const zone = text(name) ?? fallback;
      if (!isValidTimeZone(zone)) problems.push(`${name} "${zone}" is not an IANA time zone like Asia/Shanghai`);
      return zone;
    },
    duration(name: string, fallback: string, example: string): number {
      const given = text(name) ?? fallback;
      const ms = parseDuration(given);
      if (ms === undefined) problems.push(`${name} "${given}" is not a duration like ${example}`);
      return ms ?? parseDuration(fallback)!;
    },
    /** A section read by its own module, which reports all its problems in one ConfigError. */
    section<T>(load: () => T): T | undefined {
      try {
        return load();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems.push(...error.problems);
        return undefined;
      }
    },
  };
}

function listEntries(text: string | undefined): Array<[string, string]> {
  if (!text?.trim()) return [];
  return text.split(',').map((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [pair.trim(), ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  });
}

/** DATA_API_RATE_LIMITS, `fund-asset=6/10s,futures=5/1s`: calls per window, by operation id or name. */
export function parseRateLimits(text: string | undefined, problems: string[]): Partial<Record<OperationId, RateLimit>> {
  const limits: Partial<Record<OperationId, RateLimit>> = {};
  for (const [name, value] of listEntries(text)) {
    const definition = findOperation(name);
    const match = /^(\d+)\s*\/\s*(.+)$/.exec(value);
    const windowMs = match ? parseDuration(/^\d/.test(match[2]!) ? match[2]! : `1${match[2]}`) : undefined;
    if (!definition)
      problems.push(
        `DATA_API_RATE_LIMITS: unknown operation "${name}" (use an operation name or ${OPERATION_IDS.map(typedNameOf).join(', ')})`,
      );
    else if (!match || !windowMs || Number(match[1]) < 1)
      problems.push(`DATA_API_RATE_LIMITS: "${name}=${value}" is not a limit like 60/1m or 6/10s`);
    else limits[definition.id as OperationId] = { count: Number(match[1]), windowMs };
  }
  return limits;
}

function parseCosts(text: string | undefined, problems: string[]): Partial<Record<OperationId, number>> {
  const costs: Partial<Record<OperationId, number>> = {};
  for (const [name, value] of listEntries(text)) {
    const definition = findOperation(name);
    if (!definition) problems.push(`DATA_API_COSTS: unknown operation "${name}"`);
    else if (!/^\d+$/.test(value)) problems.push(`DATA_API_COSTS: "${name}=${value}" is not a whole number of coins`);
    else costs[definition.id as OperationId] = Number(value);
  }
  return costs;
}

function parseCacheTtls(text: string | undefined, problems: string[]): Record<string, number> {
  const ttls: Record<string, number> = {};
  for (const [name, value] of listEntries(text)) {
    const [operationName = '', variant] = name.split(':');
    const definition = findOperation(operationName);
    const ms = parseDuration(value);
    if (!definition) problems.push(`CACHE_TTLS: unknown operation "${operationName}"`);
    else if (variant && !(variant in definition.cacheTtlMs))
      problems.push(
        `CACHE_TTLS: ${typedNameOf(definition)} has no "${variant}" variant (${Object.keys(definition.cacheTtlMs).join(', ')})`,
      );
    else if (ms === undefined) problems.push(`CACHE_TTLS: "${name}=${value}" is not a duration like 30s, 5m, 6h`);
    else ttls[variant ? `${definition.id}:${variant}` : definition.id] = ms;
  }
  return ttls;
}
