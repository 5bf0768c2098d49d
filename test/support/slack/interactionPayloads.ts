import {
  channelNameFor,
  DEFAULT_CHANNEL_ID,
  DEFAULT_USER_ID,
  DEFAULT_WORKSPACE,
  dmChannelFor,
  type FakeWorkspace,
  newTriggerId,
  nextMessageTs,
  randomSlackId,
} from './workspace.js';

/**
 * Builders for what Slack POSTs to the app. Every builder fills the fields real payloads carry
 * (team, user, api_app_id, token, trigger_id …) so that app code reading them sees realistic
 * values; tests override only what they assert on.
 */

type Json = Record<string, unknown>;

interface Common {
  userId?: string;
  userName?: string;
  triggerId?: string;
  workspace?: FakeWorkspace;
}

function userOf(workspace: FakeWorkspace, userId: string, userName?: string): Json {
  const name = userName ?? `user-${userId.toLowerCase()}`;
  return { id: userId, username: name, name, team_id: workspace.teamId };
}

function teamOf(workspace: FakeWorkspace): Json {
  return { id: workspace.teamId, domain: workspace.teamDomain };
}

// ---- slash commands ------------------------------------------------------------------------

export interface SlashCommandInput extends Common {
  command: string;
  text?: string;
  channelId?: string;
  channelName?: string;
  teamId?: string;
  /**
   * Enterprise Grid: the organisation, sent as `enterprise_id` (with `enterprise_name`); Slack adds
   * them to a command from a workspace of an organisation (https://docs.slack.dev/interactivity/implementing-slash-commands).
   */
  enterpriseId?: string;
  responseUrl: string;
}

/** The form fields of a slash command request, in the order Slack sends them; every value is a string. */
export function slashCommandFields(input: SlashCommandInput): Record<string, string> {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const userId = input.userId ?? DEFAULT_USER_ID;
  const channelId = input.channelId ?? DEFAULT_CHANNEL_ID;
  return {
    token: workspace.verificationToken,
    team_id: input.teamId ?? workspace.teamId,
    team_domain: workspace.teamDomain,
    channel_id: channelId,
    channel_name: input.channelName ?? channelNameFor(channelId),
    user_id: userId,
    user_name: input.userName ?? `user-${userId.toLowerCase()}`,
    command: input.command,
    text: input.text ?? '',
    api_app_id: workspace.appId,
    ...(input.enterpriseId ? { enterprise_id: input.enterpriseId, enterprise_name: 'Fake Org' } : {}),
    is_enterprise_install: 'false',
    response_url: input.responseUrl,
    trigger_id: input.triggerId ?? newTriggerId(),
  };
}

// ---- views ---------------------------------------------------------------------------------

/** One `state.values[block][action]` entry, in the shapes Slack uses for the common inputs. */
export const stateValue = {
  plainText: (value: string | null) => ({ type: 'plain_text_input', value }),
  staticSelect: (value: string | null, text = value ?? '') => ({
    type: 'static_select',
    selected_option: value === null ? null : { text: { type: 'plain_text', text, emoji: true }, value },
  }),
  datepicker: (date: string | null) => ({ type: 'datepicker', selected_date: date }),
  checkboxes: (values: string[]) => ({
    type: 'checkboxes',
    selected_options: values.map((value) => ({ text: { type: 'plain_text', text: value }, value })),
  }),
  radio: (value: string | null) => ({
    type: 'radio_buttons',
    selected_option: value === null ? null : { text: { type: 'plain_text', text: value }, value },
  }),
};

export type StateValues = Record<string, Record<string, Json>>;

export interface ViewInput {
  id?: string;
  type?: 'modal' | 'home';
  callbackId?: string;
  privateMetadata?: string;
  externalId?: string;
  blocks?: unknown[];
  values?: StateValues;
  hash?: string;
  rootViewId?: string | null;
  previousViewId?: string | null;
  workspace?: FakeWorkspace;
}

/** A view as Slack echoes it back in interaction payloads (ids, hash and state filled in). */
export function viewPayload(input: ViewInput = {}): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const id = input.id ?? randomSlackId('V');
  const type = input.type ?? 'modal';
  return {
    id,
    team_id: workspace.teamId,
    app_installed_team_id: workspace.teamId,
    app_id: workspace.appId,
    bot_id: workspace.botId,
    type,
    callback_id: input.callbackId ?? '',
    private_metadata: input.privateMetadata ?? '',
    external_id: input.externalId ?? '',
    blocks: input.blocks ?? [],
    title: type === 'modal' ? { type: 'plain_text', text: 'Modal', emoji: true } : null,
    submit: type === 'modal' ? { type: 'plain_text', text: 'Submit', emoji: true } : null,
    close: type === 'modal' ? { type: 'plain_text', text: 'Cancel', emoji: true } : null,
    clear_on_close: false,
    notify_on_close: false,
    state: { values: input.values ?? {} },
    hash: input.hash ?? `${Math.floor(Date.now() / 1000)}.fakehash`,
    root_view_id: input.rootViewId === undefined ? id : input.rootViewId,
    previous_view_id: input.previousViewId ?? null,
  };
}

export interface ViewSubmissionInput extends Common, ViewInput {
  callbackId: string;
  /** Set when the modal has response_url_enabled inputs; Bolt then wires respond() to the first. */
  responseUrls?: { blockId: string; actionId: string; channelId: string; responseUrl: string }[];
}

export function viewSubmissionPayload(input: ViewSubmissionInput): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const payload: Json = {
    type: 'view_submission',
    team: teamOf(workspace),
    user: userOf(workspace, input.userId ?? DEFAULT_USER_ID, input.userName),
    api_app_id: workspace.appId,
    token: workspace.verificationToken,
    trigger_id: input.triggerId ?? newTriggerId(),
    view: viewPayload({ ...input, workspace }),
    response_urls: (input.responseUrls ?? []).map((r) => ({
      block_id: r.blockId,
      action_id: r.actionId,
      channel_id: r.channelId,
      response_url: r.responseUrl,
    })),
    is_enterprise_install: false,
    enterprise: null,
  };
  return payload;
}

// ---- block actions -------------------------------------------------------------------------

export interface ActionInput {
  actionId: string;
  blockId?: string;
  value?: string;
  /** `button` unless said otherwise; for selects pass `selectedOption`. */
  type?: string;
  text?: string;
  selectedOption?: { value: string; text?: string };
}

function actionOf(action: ActionInput): Json {
  const built: Json = {
    type: action.type ?? 'button',
    action_id: action.actionId,
    block_id: action.blockId ?? randomSlackId('b', 5),
    action_ts: `${(Date.now() / 1000).toFixed(6)}`,
  };
  if (built.type === 'button') built.text = { type: 'plain_text', text: action.text ?? action.actionId, emoji: true };
  if (action.value !== undefined) built.value = action.value;
  if (action.selectedOption) {
    const { value, text = value } = action.selectedOption;
    built.selected_option = { text: { type: 'plain_text', text, emoji: true }, value };
  }
  return built;
}

export interface MessageActionInput extends Common, ActionInput {
  responseUrl: string;
  channelId?: string;
  messageTs?: string;
  /** Ephemeral messages come without `message`: Slack does not send their content back. */
  ephemeral?: boolean;
  /** An ephemeral message's click that carries `message` all the same (a payload that also has it: issue 42.14). */
  withMessage?: boolean;
  messageText?: string;
  messageBlocks?: unknown[];
  /** The thread the message is a reply in: its `thread_ts` (https://docs.slack.dev/reference/objects/message-object). */
  threadTs?: string;
}

/** A click on an interactive element in a message (in channel, or ephemeral). */
export function messageBlockActionsPayload(input: MessageActionInput): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const channelId = input.channelId ?? DEFAULT_CHANNEL_ID;
  const messageTs = input.messageTs ?? nextMessageTs();
  const ephemeral = input.ephemeral ?? false;
  const payload: Json = {
    type: 'block_actions',
    user: userOf(workspace, input.userId ?? DEFAULT_USER_ID, input.userName),
    api_app_id: workspace.appId,
    token: workspace.verificationToken,
    container: {
      type: 'message',
      message_ts: messageTs,
      channel_id: channelId,
      is_ephemeral: ephemeral,
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    },
    trigger_id: input.triggerId ?? newTriggerId(),
    team: teamOf(workspace),
    enterprise: null,
    is_enterprise_install: false,
    channel: { id: channelId, name: channelNameFor(channelId) },
    state: { values: {} },
    response_url: input.responseUrl,
    actions: [actionOf(input)],
  };
  if (!ephemeral || input.withMessage) {
    payload.message = {
      type: 'message',
      subtype: 'bot_message',
      user: workspace.botUserId,
      bot_id: workspace.botId,
      app_id: workspace.appId,
      team: workspace.teamId,
      ts: messageTs,
      text: input.messageText ?? '',
      blocks: input.messageBlocks ?? [],
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    };
  }
  return payload;
}

export interface ViewActionInput extends Common, ActionInput {
  view?: ViewInput;
}

/** A click inside a modal or the Home tab: container is the view, and there is no response_url. */
export function viewBlockActionsPayload(input: ViewActionInput): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const view = viewPayload({ ...input.view, workspace });
  return {
    type: 'block_actions',
    user: userOf(workspace, input.userId ?? DEFAULT_USER_ID, input.userName),
    api_app_id: workspace.appId,
    token: workspace.verificationToken,
    container: { type: 'view', view_id: view.id },
    trigger_id: input.triggerId ?? newTriggerId(),
    team: teamOf(workspace),
    enterprise: null,
    is_enterprise_install: false,
    view,
    state: view.state,
    actions: [actionOf(input)],
  };
}

// ---- shortcuts -----------------------------------------------------------------------------

export interface GlobalShortcutInput extends Common {
  callbackId: string;
}

export function globalShortcutPayload(input: GlobalShortcutInput): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  return {
    type: 'shortcut',
    token: workspace.verificationToken,
    action_ts: `${(Date.now() / 1000).toFixed(6)}`,
    team: teamOf(workspace),
    user: userOf(workspace, input.userId ?? DEFAULT_USER_ID, input.userName),
    is_enterprise_install: false,
    enterprise: null,
    callback_id: input.callbackId,
    trigger_id: input.triggerId ?? newTriggerId(),
  };
}

export interface MessageShortcutInput extends Common {
  callbackId: string;
  responseUrl: string;
  channelId?: string;
  /** The message the shortcut was used on: a person's (`user`) or a bot's (`botId`, no user). */
  message: { text: string; ts?: string; user?: string; botId?: string; threadTs?: string };
}

/**
 * A message shortcut (https://docs.slack.dev/reference/interaction-payloads/shortcuts-interaction-payload):
 * `type: message_action`, with `response_url`, the whole `message` and its `channel` ("only included
 * for message shortcuts"), and a trigger_id.
 */
export function messageShortcutPayload(input: MessageShortcutInput): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const channelId = input.channelId ?? DEFAULT_CHANNEL_ID;
  const ts = input.message.ts ?? nextMessageTs();
  return {
    type: 'message_action',
    token: workspace.verificationToken,
    action_ts: `${(Date.now() / 1000).toFixed(6)}`,
    team: teamOf(workspace),
    user: userOf(workspace, input.userId ?? DEFAULT_USER_ID, input.userName),
    channel: { id: channelId, name: channelNameFor(channelId) },
    is_enterprise_install: false,
    enterprise: null,
    callback_id: input.callbackId,
    trigger_id: input.triggerId ?? newTriggerId(),
    response_url: input.responseUrl,
    message_ts: ts,
    message: {
      type: 'message',
      text: input.message.text,
      ts,
      ...(input.message.user ? { user: input.message.user } : {}),
      ...(input.message.botId ? { bot_id: input.message.botId, subtype: 'bot_message' } : {}),
      ...(input.message.threadTs ? { thread_ts: input.message.threadTs } : {}),
    },
  };
}

// ---- Events API ----------------------------------------------------------------------------

export interface EventEnvelopeInput {
  eventId?: string;
  eventTime?: number;
  workspace?: FakeWorkspace;
}

/** Wraps an event the way the Events API delivers it (`event_callback` with authorizations). */
export function eventCallbackBody(event: Json, input: EventEnvelopeInput = {}): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  return {
    token: workspace.verificationToken,
    team_id: workspace.teamId,
    context_team_id: workspace.teamId,
    api_app_id: workspace.appId,
    event,
    type: 'event_callback',
    event_id: input.eventId ?? randomSlackId('Ev'),
    event_time: input.eventTime ?? Math.floor(Date.now() / 1000),
    authorizations: [
      {
        enterprise_id: null,
        team_id: workspace.teamId,
        user_id: workspace.botUserId,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  };
}

export function appHomeOpenedEvent(input: { userId?: string; tab?: 'home' | 'messages'; view?: ViewInput } = {}): Json {
  const userId = input.userId ?? DEFAULT_USER_ID;
  const event: Json = {
    type: 'app_home_opened',
    user: userId,
    channel: dmChannelFor(userId),
    tab: input.tab ?? 'home',
    event_ts: `${(Date.now() / 1000).toFixed(6)}`,
  };
  // Slack omits `view` the very first time a user opens the Home tab.
  if (input.view) event.view = viewPayload({ type: 'home', ...input.view });
  return event;
}

export interface MessageEventInput {
  text: string;
  userId?: string;
  /** The message's own ts (a fresh one by default): the thread an answer to a top-level message starts. */
  ts?: string;
  threadTs?: string;
  /** An edit re-sent (app_mention with `edited`, https://docs.slack.dev/reference/events/app_mention). */
  edited?: boolean;
  /** A bot's message: `bot_id` set (and, for message events, subtype bot_message). */
  botId?: string;
  subtype?: string;
  workspace?: FakeWorkspace;
  /**
   * The author's own team when it is not the workspace's (a person of another organisation in a
   * Slack Connect conversation): the event then names it in `team`, `user_team`, `source_team` and
   * `user_profile.team` (@slack/types AppMentionEvent), the envelope's team_id staying ours.
   */
  userTeamId?: string;
  /**
   * Files shared with the message (FakeSlack.shareFile's objects): the event's `files`, with the
   * subtype `file_share` Slack gives a message that shares files
   * (https://docs.slack.dev/reference/events/message/file_share).
   */
  files?: Array<Record<string, unknown>>;
}

/** What a message event says of its author's team: their own, which in Slack Connect is not the workspace's. */
function authorTeam(input: MessageEventInput, workspace: FakeWorkspace): Json {
  if (!input.userTeamId) return { team: workspace.teamId };
  const name = `user-${(input.userId ?? DEFAULT_USER_ID).toLowerCase()}`;
  return {
    team: input.userTeamId,
    user_team: input.userTeamId,
    source_team: input.userTeamId,
    user_profile: { name, first_name: name, real_name: name, display_name: name, team: input.userTeamId },
  };
}

/** The rich_text blocks Slack adds to a person's message, with the mention as a user element. */
function richTextBlocks(text: string, mention: string | undefined): Json[] {
  const elements: Json[] = [];
  if (mention) elements.push({ type: 'user', user_id: mention }, { type: 'text', text: ' ' });
  elements.push({ type: 'text', text });
  return [{ type: 'rich_text', block_id: randomSlackId('b', 4), elements: [{ type: 'rich_text_section', elements }] }];
}

/**
 * `@dq …` in a channel (https://docs.slack.dev/reference/events/app_mention): the text starts with the
 * app's mention as Slack writes it, `<@U…>`; `thread_ts` when written in a thread; no channel_type.
 */
export function appMentionEvent(input: MessageEventInput & { channelId?: string }): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  const ts = input.ts ?? nextMessageTs();
  return {
    type: 'app_mention',
    user: input.userId ?? DEFAULT_USER_ID,
    text: `<@${workspace.botUserId}> ${input.text}`,
    ts,
    channel: input.channelId ?? DEFAULT_CHANNEL_ID,
    event_ts: ts,
    ...authorTeam(input, workspace),
    client_msg_id: randomSlackId('m', 12),
    blocks: richTextBlocks(input.text, workspace.botUserId),
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    ...(input.edited ? { edited: { user: input.userId ?? DEFAULT_USER_ID, ts: nextMessageTs() } } : {}),
    ...(input.botId ? { bot_id: input.botId } : {}),
    ...(input.subtype ? { subtype: input.subtype } : {}),
    ...(input.files ? { files: input.files, upload: false } : {}),
  };
}

/**
 * A direct message to the app (https://docs.slack.dev/reference/events/message.im): `channel_type:
 * "im"`, the DM's D… channel; no mention needed.
 */
export function directMessageEvent(input: MessageEventInput): Json {
  const userId = input.userId ?? DEFAULT_USER_ID;
  const ts = input.ts ?? nextMessageTs();
  return {
    type: 'message',
    channel: dmChannelFor(userId),
    user: userId,
    text: input.text,
    ts,
    event_ts: ts,
    channel_type: 'im',
    ...(input.userTeamId ? authorTeam(input, input.workspace ?? DEFAULT_WORKSPACE) : {}),
    client_msg_id: randomSlackId('m', 12),
    blocks: richTextBlocks(input.text, undefined),
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    ...(input.edited ? { edited: { user: userId, ts: nextMessageTs() } } : {}),
    ...(input.botId ? { bot_id: input.botId, subtype: input.subtype ?? 'bot_message' } : {}),
    ...(input.subtype && !input.botId ? { subtype: input.subtype, hidden: true } : {}),
    ...(input.files ? { subtype: 'file_share', files: input.files, upload: false, display_as_bot: false } : {}),
  };
}

/**
 * The app was uninstalled (https://docs.slack.dev/reference/events/app_uninstalled): the event holds
 * nothing but its type; the envelope's team_id says which workspace. Slack sends tokens_revoked too,
 * in no guaranteed order.
 */
export function appUninstalledEvent(): Json {
  return { type: 'app_uninstalled' };
}

/**
 * Tokens of the app were revoked (https://docs.slack.dev/reference/events/tokens_revoked): user ids
 * by kind of token, `oauth` (user tokens) and `bot` (the bot user's).
 */
export function tokensRevokedEvent(tokens: { oauth?: string[]; bot?: string[] }): Json {
  return { type: 'tokens_revoked', tokens };
}

export interface FunctionExecutedInput {
  callbackId: string;
  /** From FakeSlack.startFunctionExecution, so the app's complete/fail reach a known execution. */
  functionExecutionId: string;
  botAccessToken: string;
  inputs?: Json;
  /** As the event lists them: `{ name, type, is_required, title?, description? }`. */
  inputParameters?: readonly object[];
  outputParameters?: readonly object[];
  workspace?: FakeWorkspace;
}

/**
 * A `slack#/types/user_context` input as Slack fills it from the person who started the run
 * (https://docs.slack.dev/reference/types/user_context-type): their id, and a secret only Slack reads.
 */
export function userContext(userId: string): Json {
  return { id: userId, secret: randomSlackId('', 32).toLowerCase() };
}

/** A workflow reaching one of the app's custom steps (wrap it with eventCallbackBody or send it with sendEvent). */
export function functionExecutedEvent(input: FunctionExecutedInput): Json {
  const workspace = input.workspace ?? DEFAULT_WORKSPACE;
  return {
    type: 'function_executed',
    function: {
      id: randomSlackId('Fn'),
      callback_id: input.callbackId,
      title: input.callbackId,
      type: 'app',
      input_parameters: input.inputParameters ?? [],
      output_parameters: input.outputParameters ?? [],
      app_id: workspace.appId,
      date_created: 1_700_000_000,
      date_updated: 1_700_000_000,
      date_deleted: 0,
    },
    inputs: input.inputs ?? {},
    function_execution_id: input.functionExecutionId,
    workflow_execution_id: randomSlackId('Wx'),
    event_ts: `${(Date.now() / 1000).toFixed(6)}`,
    bot_access_token: input.botAccessToken,
  };
}

export function urlVerificationBody(challenge: string, workspace: FakeWorkspace = DEFAULT_WORKSPACE): Json {
  return { token: workspace.verificationToken, challenge, type: 'url_verification' };
}
