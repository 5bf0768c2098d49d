import type { Locale } from '../i18n/lang.js';

/** The Slack side's settings, read with the rest of the configuration by src/config.ts. */
export interface SlackConfig {
  botToken: string;
  signingSecret: string;
  /** Set → Socket Mode; unset → HTTP on `port` at /slack/events. */
  appToken?: string;
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
