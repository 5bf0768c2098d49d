import type { Locale } from '../i18n/lang.js';

/** The Slack side's settings, read with the rest of the configuration by src/config.ts. */
export interface SlackConfig {
  /** Empty in multi-workspace mode: each workspace's token is in its installation. */
  botToken: string;
  signingSecret: string;
  /** Set → Socket Mode; unset → HTTP on `port` at /slack/events. */
  appToken?: string;
  /**
   * SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET (HTTP mode only): the app is installed
   * in any workspace through Add to Slack (/slack/install), each with its own token; unset, the one
   * workspace of SLACK_BOT_TOKEN.
   */
  oauth?: OAuthConfig;
  /** SUPPORT_CONTACT: who to ask (an address or a URL), on the support page. */
  supportContact?: string;
  /** Web API base override (enterprise proxies, tests). */
  apiUrl?: string;
  port: number;
  /**
   * OPS_PORT: where /metrics is served (with /healthz and /readyz), never on `port`, which is
   * public in HTTP mode; unset, /metrics is not served at all.
   */
  opsPort?: number;
  allowlist: Allowlist;
  adminUserIds: ReadonlySet<string>;
  /**
   * ALLOW_SHARED_CHANNELS: paid data may go into channels shared with another organisation (Slack
   * Connect), and people of other organisations there may use the app. Off unless an admin sets it.
   */
  allowSharedChannels: boolean;
  /** Zone for replies when a user's own zone cannot be read. */
  defaultTimeZone: string;
  /**
   * DEFAULT_LOCALE: the workspace's language, for everyone who has not chosen their own with
   * `/dq lang`, and for what is posted in channels. Unset (auto): each user's Slack locale, and
   * English in channels.
   */
  workspaceLocale?: Locale;
  demo: boolean;
  /** Show "queued, about N s" first when the rate-limit wait is longer than this. */
  queuedNoticeAfterMs: number;
  /** EXPORT_MAX_PAGES: the most pages one CSV export fetches (and pays for). */
  exportMaxPages: number;
  /** SUPPLIER_CHECK_MAX_ROWS: the most rows one check of a supplier list takes. */
  supplierCheckMaxRows: number;
}

export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  /** SLACK_REDIRECT_URI: where Slack sends the installer back; unset, the app's first redirect URL in its settings. */
  redirectUri?: string;
  /** SLACK_OAUTH_URL: Slack's address for the install's authorize page (tests point it at a fake Slack). */
  authorizeUrl?: string;
}

/** The bot scopes the app asks for when installed (the manifests' oauth_config.scopes.bot; a test checks them). */
export const BOT_SCOPES: readonly string[] = [
  'commands',
  'chat:write',
  'users:read',
  'im:write',
  'files:write',
  'files:read',
  'channels:read',
  'groups:read',
  'app_mentions:read',
  'im:history',
  'channels:history',
  'groups:history',
  'assistant:write',
];

export interface Allowlist {
  /** Workspaces (T…) and Enterprise Grid organisations (E…), judged by the person's own team. */
  teams?: ReadonlySet<string>;
  channels?: ReadonlySet<string>;
  users?: ReadonlySet<string>;
}

/** EXPORT_MAX_PAGES when unset: 20 pages of 50 funds, or of 20 taxpayers, in one file. */
export const DEFAULT_EXPORT_MAX_PAGES = 20;

/** SUPPLIER_CHECK_MAX_ROWS when unset: a yearly review's list, checked in under two minutes at 600 a minute. */
export const DEFAULT_SUPPLIER_CHECK_MAX_ROWS = 1000;

/** Past this rate-limit wait, a reply first says "queued, about N s". */
export const QUEUED_NOTICE_AFTER_MS = 3000;
