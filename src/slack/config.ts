import { ConfigError } from '../core/config.js';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../core/time.js';

/** Slack-side configuration from the environment; problems are collected and reported together. */
export interface SlackConfig {
  botToken: string;
  signingSecret: string;
  /** Set → Socket Mode; unset → HTTP on `port` at /slack/events. */
  appToken?: string;
  /** Web API base override (enterprise proxies, tests). */
  apiUrl?: string;
  port: number;
  allowlist: Allowlist;
  adminUserIds: ReadonlySet<string>;
  /** Zone for replies when a user's own zone cannot be read. */
  defaultTimeZone: string;
  demo: boolean;
  /** Show "queued, about N s" first when the rate-limit wait is longer than this. */
  queuedNoticeAfterMs: number;
}

export interface Allowlist {
  teams?: ReadonlySet<string>;
  channels?: ReadonlySet<string>;
  users?: ReadonlySet<string>;
}

type Env = Record<string, string | undefined>;

/** Past this rate-limit wait, a reply first says "queued, about N s". */
export const QUEUED_NOTICE_AFTER_MS = 3000;

/** A comma or space separated list of Slack ids; undefined when empty. */
export function idSet(text: string | undefined): ReadonlySet<string> | undefined {
  const ids = (text ?? '').split(/[\s,]+/).filter(Boolean);
  return ids.length > 0 ? new Set(ids) : undefined;
}

export function isDemo(env: Env): boolean {
  return ['1', 'true', 'yes'].includes((env.DEMO ?? '').trim().toLowerCase());
}

export function loadSlackConfig(env: Env): SlackConfig {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const botToken = value('SLACK_BOT_TOKEN');
  const appToken = value('SLACK_APP_TOKEN');
  const signingSecret = value('SLACK_SIGNING_SECRET');
  if (!botToken) problems.push('SLACK_BOT_TOKEN is missing: the Bot User OAuth Token (xoxb-…) from "OAuth & Permissions"');
  else if (!botToken.startsWith('xoxb-')) problems.push('SLACK_BOT_TOKEN should be a bot token starting with xoxb-');
  if (appToken && !appToken.startsWith('xapp-')) problems.push('SLACK_APP_TOKEN should be an app-level token starting with xapp- (or unset for HTTP mode)');
  if (!signingSecret && !appToken) problems.push('SLACK_SIGNING_SECRET is missing: from "Basic Information" → App Credentials (needed in HTTP mode; or set SLACK_APP_TOKEN for Socket Mode)');
  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) problems.push(`PORT "${portText}" is not a port number`);
  const defaultTimeZone = value('DEFAULT_TZ') ?? DEFAULT_TIME_ZONE;
  if (!isValidTimeZone(defaultTimeZone)) problems.push(`DEFAULT_TZ "${defaultTimeZone}" is not an IANA time zone like Asia/Shanghai`);
  const apiUrl = value('SLACK_API_URL');
  if (apiUrl && !/^https?:\/\//.test(apiUrl)) problems.push(`SLACK_API_URL "${apiUrl}" is not an http(s) URL`);
  if (problems.length > 0) throw new ConfigError(problems);

  const allowlist: Allowlist = {};
  const teams = idSet(env.ALLOWED_TEAM_IDS);
  const channels = idSet(env.ALLOWED_CHANNEL_IDS);
  const users = idSet(env.ALLOWED_USER_IDS);
  if (teams) allowlist.teams = teams;
  if (channels) allowlist.channels = channels;
  if (users) allowlist.users = users;
  const config: SlackConfig = {
    botToken: botToken!,
    signingSecret: signingSecret ?? '',
    port,
    allowlist,
    adminUserIds: idSet(env.ADMIN_USER_IDS) ?? new Set(),
    defaultTimeZone,
    demo: isDemo(env),
    queuedNoticeAfterMs: QUEUED_NOTICE_AFTER_MS,
  };
  if (appToken) config.appToken = appToken;
  if (apiUrl) config.apiUrl = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return config;
}
