import { randomBytes } from 'node:crypto';

/**
 * The one pretend workspace both halves of the harness talk about. The fake's `auth.test` and the
 * payload builders read the same ids, so a payload "from Slack" names the team and app the app's
 * token belongs to, as real traffic would.
 */
export interface FakeWorkspace {
  teamId: string;
  teamDomain: string;
  teamName: string;
  appId: string;
  botId: string;
  botUserId: string;
  botUserName: string;
  /** The deprecated verification token Slack still puts in every payload. */
  verificationToken: string;
}

export const DEFAULT_WORKSPACE: Readonly<FakeWorkspace> = Object.freeze({
  teamId: 'T0FAKETEAM',
  teamDomain: 'fake-team',
  teamName: 'Fake Team',
  appId: 'A0FAKEAPP1',
  botId: 'B0FAKEBOT1',
  botUserId: 'U0FAKEBOT1',
  botUserName: 'dataquery',
  verificationToken: 'fake-verification-token',
});

/**
 * Where ids in tests come from when a test does not care which: the person who installed the app, in
 * a public channel. As whoever installs an app often is, they own the workspace (users.info
 * `is_primary_owner`), so they are the app's admin by default; every other id is a plain member.
 */
export const DEFAULT_USER_ID = 'U0TESTUSER';
export const DEFAULT_CHANNEL_ID = 'C0GENERAL1';
export const DEFAULT_CHANNEL_NAME = 'general';

let tsCounter = 0;

/**
 * Message timestamps are Slack's message ids: "<unix seconds>.<6 digits>", unique per channel.
 * A process-wide counter keeps them unique and increasing even within one second.
 */
export function nextMessageTs(now = Date.now()): string {
  tsCounter = (tsCounter + 1) % 1_000_000;
  return `${Math.floor(now / 1000)}.${String(tsCounter).padStart(6, '0')}`;
}

/** Slack-like ids (prefix + uppercase alphanumerics) that never collide with the fixed ones above. */
export function randomSlackId(prefix: string, length = 10): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

/** Trigger ids look like "<digits>.<digits>.<hex>"; apps only pass them back, but realistic shapes catch parsing. */
export function newTriggerId(): string {
  const digits = () => String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
  return `${digits()}.${digits()}.${randomBytes(16).toString('hex')}`;
}

/**
 * A readable, stable name per channel id, shared by payload builders (`channel_name`) and the
 * fake's `conversations.info`, so both sides of a test agree on what a channel is called.
 */
export function channelNameFor(channelId: string): string {
  if (channelId === DEFAULT_CHANNEL_ID) return DEFAULT_CHANNEL_NAME;
  // Slack's own slash command payloads say this for every DM.
  if (channelId.startsWith('D')) return 'directmessage';
  return `channel-${channelId.toLowerCase()}`;
}

/** The fake's DM id for a user: derived, so the same user always gets the same DM from every call. */
export function dmChannelFor(userId: string): string {
  return `D${userId.slice(1)}`;
}
