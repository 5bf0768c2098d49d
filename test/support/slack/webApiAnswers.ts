import { randomBytes } from 'node:crypto';
import { applyUserPatch, defaultUser, type FakeSlackUser } from './fakeUsers.js';
import { channelNameFor, dmChannelFor, type FakeWorkspace, nextMessageTs, randomSlackId } from './workspace.js';

export type WebApiBody = { ok: boolean; [key: string]: unknown };
type Args = Record<string, unknown>;

/** What the fake remembers between calls: only what later answers depend on. */
export class FakeSlackState {
  readonly users = new Map<string, FakeSlackUser>();
  /** view id → current hash, so `views.update` with a stale hash gets `hash_conflict` like Slack. */
  readonly viewHashes = new Map<string, string>();
  readonly homeViewIds = new Map<string, string>();
  /** external_id → view id: apps may address a view by their own id in `views.update`. */
  readonly externalViewIds = new Map<string, string>();
  /** channel id → error that channel-scoped methods answer with (`is_archived`, `not_in_channel` …). */
  readonly channelErrors = new Map<string, string>();
  /** channel id → the other organisations' team ids it is shared with (Slack Connect). */
  readonly externalChannels = new Map<string, string[]>();
  /** Workflow steps started by a test (function_executed) and how each ended. */
  readonly functions = new FunctionExecutions();
  /** Files of the upload flow (files.getUploadURLExternal → upload URL → files.completeUploadExternal), by file id. */
  readonly uploads = new Map<string, FakeUpload>();
  /** Where upload URLs point (the fake's own /upload/ endpoint); set when the fake listens. */
  uploadUrlBase = '';
  /** Files people shared (`shareFile`), by id: what files.info describes and the private download serves. */
  readonly sharedFiles = new Map<string, FakeSharedFile>();
  /** Where `url_private_download` points (the fake's own /files-pri/ endpoint); set when the fake listens. */
  fileUrlBase = '';
  /** `<channel>:<thread_ts>` → the status line shown under that thread (assistant.threads.setStatus). */
  readonly statuses = new Map<string, string>();
  /** Every status a thread was given, in order, "" for a clearing: what a person saw come and go. */
  readonly statusHistory = new Map<string, string[]>();
  /** channel → the suggested prompts set for it (assistant.threads.setSuggestedPrompts without thread_ts). */
  readonly suggestedPrompts = new Map<string, { title?: string; prompts: Array<{ title: string; message: string }> }>();
  /** channel id → the messages posted in it (people's through `postMessage`, the app's through chat.postMessage), for conversations.replies. */
  readonly messages = new Map<string, Array<Record<string, unknown>>>();
  /** Bot scopes the install lacks (installed before they were added): the methods needing them answer `missing_scope`. */
  readonly missingScopes = new Set<string>();
  /**
   * conversations.replies' largest page: 1,000 for an internal or Marketplace app, 15 for one
   * distributed outside the Marketplace (https://docs.slack.dev/reference/methods/conversations.replies).
   */
  repliesPageCap = 1000;

  constructor(
    readonly workspace: FakeWorkspace,
    public defaultTz: string,
  ) {}

  user(id: string): FakeSlackUser {
    return this.users.get(id) ?? defaultUser(id, this.workspace.teamId, this.defaultTz);
  }

  patchUser(id: string, patch: Partial<FakeSlackUser>): void {
    this.users.set(id, applyUserPatch(this.user(id), patch));
  }

  clear(): void {
    this.users.clear();
    this.viewHashes.clear();
    this.homeViewIds.clear();
    this.externalViewIds.clear();
    this.channelErrors.clear();
    this.externalChannels.clear();
    this.functions.clear();
    this.uploads.clear();
    this.sharedFiles.clear();
    this.statuses.clear();
    this.statusHistory.clear();
    this.suggestedPrompts.clear();
    this.messages.clear();
    this.missingScopes.clear();
    this.repliesPageCap = 1000;
  }

  /** Keeps a message of `channel` for conversations.replies. */
  remember(channel: string, message: Record<string, unknown>): void {
    const list = this.messages.get(channel) ?? [];
    list.push(message);
    this.messages.set(channel, list);
  }
}

const fail = (error: string, extra: Record<string, unknown> = {}): WebApiBody => ({ ok: false, error, ...extra });
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Posting to a user id lands in the DM with that user; Slack answers with the D… id, not the U… one. */
function resolveChannel(channel: string): string {
  return /^[UW]/.test(channel) ? dmChannelFor(channel) : channel;
}

function botMessage(state: FakeSlackState, args: Args, ts: string): Record<string, unknown> {
  const { workspace } = state;
  const message: Record<string, unknown> = {
    type: 'message',
    text: str(args.text) ?? '',
    user: workspace.botUserId,
    bot_id: workspace.botId,
    app_id: workspace.appId,
    team: workspace.teamId,
    ts,
  };
  for (const key of ['blocks', 'attachments', 'thread_ts', 'metadata'] as const) {
    if (args[key] !== undefined) message[key] = args[key];
  }
  return message;
}

function hasContent(args: Args): boolean {
  return str(args.text) !== undefined || args.blocks !== undefined || args.attachments !== undefined;
}

function newViewHash(): string {
  return `${Math.floor(Date.now() / 1000)}.${randomBytes(4).toString('hex')}`;
}

/** The view object Slack returns: the app's input plus the ids and defaults Slack fills in. */
function viewOutput(
  state: FakeSlackState,
  input: unknown,
  id: string,
  previousViewId: string | null,
): Record<string, unknown> {
  const view = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const hash = newViewHash();
  state.viewHashes.set(id, hash);
  if (typeof view.external_id === 'string' && view.external_id) state.externalViewIds.set(view.external_id, id);
  return {
    id,
    team_id: state.workspace.teamId,
    app_installed_team_id: state.workspace.teamId,
    app_id: state.workspace.appId,
    bot_id: state.workspace.botId,
    type: view.type ?? 'modal',
    callback_id: view.callback_id ?? '',
    private_metadata: view.private_metadata ?? '',
    external_id: view.external_id ?? '',
    blocks: view.blocks ?? [],
    title: view.title ?? null,
    submit: view.submit ?? null,
    close: view.close ?? null,
    clear_on_close: view.clear_on_close ?? false,
    notify_on_close: view.notify_on_close ?? false,
    state: { values: {} },
    hash,
    root_view_id: id,
    previous_view_id: previousViewId,
  };
}

function hashConflict(state: FakeSlackState, viewId: string, hash: unknown): boolean {
  const current = state.viewHashes.get(viewId);
  return typeof hash === 'string' && current !== undefined && hash !== current;
}

/** Channel facts derived from the scripted channel error, so `conversations.info` agrees with `chat.postMessage`. */
function channelInfo(state: FakeSlackState, id: string): WebApiBody {
  const error = state.channelErrors.get(id);
  if (error === 'channel_not_found') return fail(error);
  if (id.startsWith('D')) {
    return { ok: true, channel: { id, is_im: true, user: `U${id.slice(1)}`, is_open: true, created: 1_600_000_000 } };
  }
  const name = channelNameFor(id);
  const external = state.externalChannels.get(id);
  return {
    ok: true,
    channel: {
      // Slack Connect (https://docs.slack.dev/reference/objects/conversation-object): shared with another organisation.
      is_shared: external !== undefined,
      is_ext_shared: external !== undefined,
      is_org_shared: false,
      is_pending_ext_shared: false,
      shared_team_ids: [state.workspace.teamId, ...(external ?? [])],
      ...(external ? { connected_team_ids: external } : {}),
      id,
      name,
      name_normalized: name,
      is_channel: id.startsWith('C'),
      is_group: id.startsWith('G'),
      is_im: false,
      is_private: id.startsWith('G'),
      is_archived: error === 'is_archived',
      is_member: error !== 'not_in_channel',
      is_general: name === 'general',
      context_team_id: state.workspace.teamId,
      created: 1_600_000_000,
      creator: 'U0CREATOR1',
    },
  };
}

type Handler = (args: Args, state: FakeSlackState, token?: string) => WebApiBody;

// ---- file uploads (files.upload is retired; this is the flow that replaced it) ------------------

/** One file of the upload flow, as the fake saw it. */
export interface FakeUpload {
  id: string;
  filename: string;
  /** What files.getUploadURLExternal was told the file would be. */
  length: number;
  /** What reached the upload URL, when it did with the declared length. */
  bytes?: Buffer;
  /** Set by files.completeUploadExternal, which Slack allows once per file. */
  completed?: { title?: string; channelId?: string; channels?: string[]; initialComment?: string; threadTs?: string };
}

/** `files` arrives JSON-encoded in a form body (the SDK encodes every object argument). */
function fileList(value: unknown): Array<{ id?: unknown; title?: unknown }> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(parsed) && parsed.length > 0 && parsed.every((item) => item && typeof item === 'object')
    ? (parsed as Array<{ id?: unknown; title?: unknown }>)
    : undefined;
}

const fileUploadHandlers: Record<string, Handler> = {
  'files.getUploadURLExternal': (args, state) => {
    const filename = str(args.filename);
    const lengthText = typeof args.length === 'number' ? String(args.length) : str(args.length);
    if (!filename || lengthText === undefined || !/^\d+$/.test(lengthText)) return fail('invalid_arguments');
    // Slack's documented answer for a length of 0.
    if (Number(lengthText) === 0) return fail('missing_argument');
    const id = randomSlackId('F');
    state.uploads.set(id, { id, filename, length: Number(lengthText) });
    return { ok: true, upload_url: `${state.uploadUrlBase}${id}`, file_id: id };
  },

  'files.completeUploadExternal': (args, state) => {
    const files = fileList(args.files);
    if (!files) return fail('invalid_arguments');
    // Every file must have been uploaded whole and not completed before; otherwise nothing is shared.
    for (const file of files) {
      const upload = typeof file.id === 'string' ? state.uploads.get(file.id) : undefined;
      if (!upload || upload.completed || upload.bytes === undefined) return fail('file_not_found');
    }
    const channelId = str(args.channel_id);
    const channels = str(args.channels)?.split(',').filter(Boolean);
    const answered = files.map((file) => {
      const upload = state.uploads.get(file.id as string)!;
      const title = typeof file.title === 'string' ? file.title : upload.filename;
      upload.completed = {
        title,
        ...(channelId ? { channelId } : {}),
        ...(channels ? { channels } : {}),
        ...(str(args.initial_comment) ? { initialComment: str(args.initial_comment)! } : {}),
        ...(str(args.thread_ts) ? { threadTs: str(args.thread_ts)! } : {}),
      };
      return { id: upload.id, title };
    });
    return { ok: true, files: answered };
  },
};

// ---- files people share (files.info and the private download) ------------------------------------

/** A file a person shared in a conversation, as Slack keeps it. */
export interface FakeSharedFile {
  id: string;
  name: string;
  mimetype: string;
  filetype: string;
  bytes: Buffer;
  user: string;
  /** Deleted after it was shared: files.info answers `file_deleted`. */
  deleted?: boolean;
}

/** The file object of files.info and of a message's `files` (https://docs.slack.dev/reference/objects/file-object). */
export function fileObject(file: FakeSharedFile, state: FakeSlackState): Record<string, unknown> {
  const url = `${state.fileUrlBase}${state.workspace.teamId}-${file.id}/${encodeURIComponent(file.name)}`;
  return {
    id: file.id,
    name: file.name,
    title: file.name,
    mimetype: file.mimetype,
    filetype: file.filetype,
    pretty_type: file.filetype.toUpperCase(),
    user: file.user,
    size: file.bytes.length,
    mode: 'hosted',
    is_external: false,
    url_private: url,
    url_private_download: `${url}?download=1`,
  };
}

/** "Gets information about a file" (https://docs.slack.dev/reference/methods/files.info): needs `files:read`. */
const sharedFileHandlers: Record<string, Handler> = {
  'files.info': (args, state) => {
    const id = str(args.file);
    if (!id) return fail('invalid_arguments');
    const file = state.sharedFiles.get(id);
    if (!file) return fail('file_not_found');
    if (file.deleted) return fail('file_deleted');
    return { ok: true, file: fileObject(file, state), comments: [], response_metadata: { next_cursor: '' } };
  },
};

// ---- threads (conversations.replies) ------------------------------------------------------------

/** The history scope a bot token needs to read a conversation, by the kind its id starts with. */
function historyScopeOf(channel: string): string {
  if (channel.startsWith('D')) return 'im:history';
  if (channel.startsWith('G')) return 'groups:history';
  return 'channels:history';
}

const repliesCursor = (offset: number) => Buffer.from(`next_offset:${offset}`).toString('base64');
function repliesOffset(cursor: string): number | undefined {
  const match = /^next_offset:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/**
 * "Retrieve a thread of messages posted to a conversation" (https://docs.slack.dev/reference/methods/conversations.replies):
 * `ts` names the parent or any message of the thread; the parent comes first, then the replies oldest
 * first, within `oldest`/`latest` (exclusive unless `inclusive`), at most `limit` a page with
 * `has_more` and `response_metadata.next_cursor`. A bot token needs the conversation's history scope.
 */
const threadHandlers: Record<string, Handler> = {
  'conversations.replies': (args, state) => {
    const channel = str(args.channel);
    const ts = str(args.ts);
    if (!channel) return fail('channel_not_found');
    if (!ts) return fail('invalid_arguments');
    const scope = historyScopeOf(channel);
    if (state.missingScopes.has(scope)) return fail('missing_scope', { needed: scope, provided: 'chat:write' });
    const all = state.messages.get(channel) ?? [];
    const named = all.find((message) => message.ts === ts);
    if (!named) return fail('thread_not_found');
    const parent = str(named.thread_ts) ?? ts;
    const inclusive = args.inclusive === true || args.inclusive === 'true' || args.inclusive === '1';
    const latest = str(args.latest);
    const oldest = str(args.oldest);
    const within = (value: number) =>
      (latest === undefined || (inclusive ? value <= Number(latest) : value < Number(latest))) &&
      (oldest === undefined || (inclusive ? value >= Number(oldest) : value > Number(oldest)));
    const thread = all
      .filter((message) => message.ts === parent || message.thread_ts === parent)
      .filter((message) => within(Number(message.ts)))
      .sort((a, b) => Number(a.ts) - Number(b.ts));
    const cursor = str(args.cursor);
    const offset = cursor === undefined ? 0 : repliesOffset(cursor);
    if (offset === undefined) return fail('invalid_cursor');
    const asked = Number(args.limit ?? state.repliesPageCap);
    const limit = Math.max(1, Math.min(Number.isFinite(asked) ? asked : state.repliesPageCap, state.repliesPageCap));
    const page = thread.slice(offset, offset + limit);
    const more = offset + limit < thread.length;
    return {
      ok: true,
      messages: page,
      has_more: more,
      response_metadata: { next_cursor: more ? repliesCursor(offset + limit) : '' },
    };
  },
};

// ---- the agent messaging experience (assistant.threads.*) ---------------------------------------

/** "Use this method to set up to four suggested prompts" (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts). */
const MOST_SUGGESTED_PROMPTS = 4;
/** loading_messages: "Maximum of 10 messages" (https://docs.slack.dev/reference/methods/assistant.threads.setStatus). */
const MOST_LOADING_MESSAGES = 10;

function promptList(value: unknown): Array<{ title: string; message: string }> | undefined {
  if (!Array.isArray(value)) return undefined;
  const prompts = value.filter(
    (prompt): prompt is { title: string; message: string } =>
      typeof prompt === 'object' &&
      prompt !== null &&
      typeof prompt.title === 'string' &&
      typeof prompt.message === 'string',
  );
  return prompts.length === value.length ? prompts : undefined;
}

const assistantHandlers: Record<string, Handler> = {
  /**
   * https://docs.slack.dev/reference/methods/assistant.threads.setStatus: channel_id, thread_ts and
   * status are required (errors channel_not_found, invalid_thread_ts); an empty status clears it, and
   * so does the app's next reply in the thread (chat.postMessage above). The page gives no error for
   * more than ten loading messages: refused here as an invalid argument, so a test notices.
   */
  'assistant.threads.setStatus': (args, state) => {
    const channel = str(args.channel_id);
    if (!channel) return fail('channel_not_found');
    const threadTs = str(args.thread_ts);
    if (!threadTs || !/^\d+\.\d+$/.test(threadTs)) return fail('invalid_thread_ts');
    if (typeof args.status !== 'string') return fail('invalid_arguments');
    if (Array.isArray(args.loading_messages) && args.loading_messages.length > MOST_LOADING_MESSAGES)
      return fail('invalid_arguments');
    const key = `${channel}:${threadTs}`;
    if (args.status === '') state.statuses.delete(key);
    else state.statuses.set(key, args.status);
    state.statusHistory.set(key, [...(state.statusHistory.get(key) ?? []), args.status]);
    return { ok: true };
  },

  /**
   * https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts: channel_id and
   * prompts (each a title and a message) are required, at most four. "The thread_ts parameter should
   * only be used in the legacy assistant messaging experience. Including it in a call for an agent
   * app will cause the call to silently fail": answered ok, and nothing is set.
   */
  'assistant.threads.setSuggestedPrompts': (args, state) => {
    const channel = str(args.channel_id);
    if (!channel) return fail('channel_not_found');
    const prompts = promptList(args.prompts);
    if (!prompts || prompts.length === 0 || prompts.length > MOST_SUGGESTED_PROMPTS) return fail('invalid_arguments');
    if (args.thread_ts !== undefined) return { ok: true };
    state.suggestedPrompts.set(channel, { ...(str(args.title) ? { title: str(args.title)! } : {}), prompts });
    return { ok: true };
  },
};

const handlers: Record<string, Handler> = {
  'auth.test': (_args, { workspace }) => ({
    ok: true,
    url: `https://${workspace.teamDomain}.slack.com/`,
    team: workspace.teamName,
    user: workspace.botUserName,
    team_id: workspace.teamId,
    user_id: workspace.botUserId,
    bot_id: workspace.botId,
    is_enterprise_install: false,
  }),

  'chat.postMessage': (args, state) => {
    const channel = str(args.channel);
    if (!channel) return fail('channel_not_found');
    if (!hasContent(args)) return fail('no_text');
    // "This status automatically clears when the app sends a reply" (assistant.threads.setStatus).
    const threadTs = str(args.thread_ts);
    if (threadTs) state.statuses.delete(`${resolveChannel(channel)}:${threadTs}`);
    const ts = nextMessageTs();
    const message = botMessage(state, args, ts);
    state.remember(resolveChannel(channel), message);
    return { ok: true, channel: resolveChannel(channel), ts, message };
  },

  'chat.postEphemeral': (args) => {
    if (!str(args.channel)) return fail('channel_not_found');
    if (!str(args.user)) return fail('user_not_in_channel');
    if (!hasContent(args)) return fail('no_text');
    return { ok: true, message_ts: nextMessageTs() };
  },

  'chat.update': (args, state) => {
    const channel = str(args.channel);
    const ts = str(args.ts);
    if (!channel) return fail('channel_not_found');
    if (!ts) return fail('message_not_found');
    if (!hasContent(args)) return fail('no_text');
    return { ok: true, channel, ts, text: str(args.text) ?? '', message: botMessage(state, args, ts) };
  },

  'chat.delete': (args) => {
    const channel = str(args.channel);
    const ts = str(args.ts);
    if (!channel) return fail('channel_not_found');
    if (!ts) return fail('message_not_found');
    return { ok: true, channel, ts };
  },

  'chat.getPermalink': (args, { workspace }) => {
    const channel = str(args.channel);
    const ts = str(args.message_ts);
    if (!channel) return fail('channel_not_found');
    if (!ts) return fail('message_not_found');
    const permalink = `https://${workspace.teamDomain}.slack.com/archives/${channel}/p${ts.replace('.', '')}`;
    return { ok: true, channel, permalink };
  },

  'views.open': (args, state) => {
    if (!str(args.trigger_id)) return fail('invalid_arguments');
    if (args.view === undefined) return fail('invalid_arguments');
    return { ok: true, view: viewOutput(state, args.view, randomSlackId('V'), null) };
  },

  'views.push': (args, state) => {
    if (!str(args.trigger_id)) return fail('invalid_arguments');
    if (args.view === undefined) return fail('invalid_arguments');
    return { ok: true, view: viewOutput(state, args.view, randomSlackId('V'), null) };
  },

  'views.update': (args, state) => {
    const externalId = str(args.external_id);
    const viewId = str(args.view_id) ?? (externalId ? state.externalViewIds.get(externalId) : undefined);
    if (args.view === undefined) return fail('invalid_arguments');
    if (!viewId) return fail('not_found');
    if (hashConflict(state, viewId, args.hash)) return fail('hash_conflict');
    return { ok: true, view: viewOutput(state, args.view, viewId, null) };
  },

  'views.publish': (args, state) => {
    const userId = str(args.user_id);
    if (!userId || args.view === undefined) return fail('invalid_arguments');
    const viewId = state.homeViewIds.get(userId) ?? randomSlackId('V');
    state.homeViewIds.set(userId, viewId);
    if (hashConflict(state, viewId, args.hash)) return fail('hash_conflict');
    return { ok: true, view: viewOutput(state, args.view, viewId, null) };
  },

  'users.info': (args, state) => {
    const userId = str(args.user);
    if (!userId) return fail('user_not_found');
    const user: FakeSlackUser = { ...state.user(userId) };
    if (args.include_locale === 'true' || args.include_locale === true) user.locale ??= 'en-US';
    return { ok: true, user };
  },

  'conversations.open': (args) => {
    const users = (str(args.users) ?? '').split(',').filter(Boolean);
    const channel = str(args.channel);
    if (channel) return { ok: true, channel: { id: channel } };
    if (users.length === 0) return fail('users_list_not_supplied');
    // One user is a DM; several make a group DM (mpim), whose ids start with G.
    const id = users.length === 1 ? dmChannelFor(users[0] ?? '') : `G${users.map((u) => u.slice(1, 4)).join('')}`;
    return { ok: true, channel: { id } };
  },

  'conversations.info': (args, state) => {
    const channel = str(args.channel);
    return channel ? channelInfo(state, channel) : fail('channel_not_found');
  },

  ...fileUploadHandlers,
  ...sharedFileHandlers,
  ...threadHandlers,
  ...assistantHandlers,
};

/** Slack's answer for `method`; anything not modelled above succeeds blandly, as most writes do. */
export function answerWebApi(method: string, args: Args, state: FakeSlackState, token?: string): WebApiBody {
  const handler = handlers[method] ?? functionHandlers[method];
  return handler ? handler(args, state, token) : { ok: true };
}

/** Methods whose `channel` argument a scripted channel error applies to; `conversations.info` reports it instead. */
export function channelArgument(method: string, args: Args): string | undefined {
  if (method === 'conversations.info') return undefined;
  return str(args.channel) ?? str(args.channel_id);
}

// ---- custom steps (functions.*) ------------------------------------------------------------

/** A parameter as the function_executed event lists it. */
export interface FunctionParameter {
  name: string;
  type: string;
  is_required: boolean;
  title?: string;
  description?: string;
}

export interface FunctionExecution {
  id: string;
  callbackId: string;
  /** The workflow token (xwfp-…) the event carried; Slack accepts it for this execution's calls. */
  token: string;
  /** What the manifest promises; completeSuccess outputs are checked against it when known. */
  outputParameters?: FunctionParameter[];
  state: 'running' | 'completed' | 'failed';
  outputs?: Record<string, unknown>;
  error?: string;
}

/** The executions Slack has started, so functions.completeSuccess/completeError can answer as Slack does. */
export class FunctionExecutions {
  readonly #byId = new Map<string, FunctionExecution>();

  start(callbackId: string, outputParameters?: FunctionParameter[]): FunctionExecution {
    const execution: FunctionExecution = {
      id: randomSlackId('Fx'),
      callbackId,
      token: `xwfp-${randomBytes(12).toString('hex')}`,
      state: 'running',
      ...(outputParameters ? { outputParameters } : {}),
    };
    this.#byId.set(execution.id, execution);
    return execution;
  }

  get(id: string): FunctionExecution | undefined {
    return this.#byId.get(id);
  }

  /** A workflow token stays valid for its own execution's calls; tests check which one it was used for. */
  acceptsToken(token: string): boolean {
    return [...this.#byId.values()].some((execution) => execution.token === token);
  }

  clear(): void {
    this.#byId.clear();
  }
}

/** Slack's check of outputs against the function's output_parameters (types as the manifest names them). */
function outputProblems(parameters: FunctionParameter[], outputs: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const parameter of parameters) {
    const value = outputs[parameter.name];
    if (value === undefined || value === null) {
      if (parameter.is_required) problems.push(`${parameter.name}: missing required output`);
      continue;
    }
    const fits =
      parameter.type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : parameter.type === 'integer' || parameter.type === 'slack#/types/timestamp'
          ? Number.isInteger(value)
          : parameter.type === 'boolean'
            ? typeof value === 'boolean'
            : parameter.type === 'slack#/types/date'
              ? typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
              : typeof value === 'string';
    if (!fits) problems.push(`${parameter.name}: expected ${parameter.type}, got ${JSON.stringify(value)}`);
  }
  for (const name of Object.keys(outputs))
    if (!parameters.some((parameter) => parameter.name === name))
      problems.push(`${name}: not an output of this function`);
  return problems;
}

/** The execution a functions.* call names, or Slack's error for it (unknown, someone else's token, already ended). */
function runningExecution(
  args: Args,
  state: FakeSlackState,
  token: string | undefined,
): FunctionExecution | WebApiBody {
  const id = str(args.function_execution_id);
  if (!id) return fail('invalid_arguments');
  const execution = state.functions.get(id);
  if (!execution) return fail('function_execution_not_found');
  if (token?.startsWith('xwfp-') && token !== execution.token) return fail('access_denied');
  if (execution.state !== 'running') return fail('execution_not_in_running_state');
  return execution;
}

const isAnswer = (value: FunctionExecution | WebApiBody): value is WebApiBody => 'ok' in value;

const functionHandlers: Record<string, Handler> = {
  'functions.completeSuccess': (args, state, token) => {
    const execution = runningExecution(args, state, token);
    if (isAnswer(execution)) return execution;
    const outputs = args.outputs;
    if (!outputs || typeof outputs !== 'object' || Array.isArray(outputs)) return fail('invalid_arguments');
    const problems = execution.outputParameters
      ? outputProblems(execution.outputParameters, outputs as Record<string, unknown>)
      : [];
    if (problems.length) return fail('parameter_validation_failed', { errors: problems });
    execution.state = 'completed';
    execution.outputs = outputs as Record<string, unknown>;
    return { ok: true };
  },

  'functions.completeError': (args, state, token) => {
    const execution = runningExecution(args, state, token);
    if (isAnswer(execution)) return execution;
    const error = str(args.error);
    if (!error) return fail('invalid_arguments');
    execution.state = 'failed';
    execution.error = error;
    return { ok: true };
  },
};
