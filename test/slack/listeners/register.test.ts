import type { App } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import type { SlackDeps } from '../../../src/slack/deps.js';
import { SLASH_COMMANDS } from '../../../src/slack/flows/routeCommand.js';
import { WORKFLOW_STEPS } from '../../../src/slack/flows/workflowSteps.js';
import { registerActions } from '../../../src/slack/listeners/actions/index.js';
import { registerCommands } from '../../../src/slack/listeners/commands/index.js';
import { registerEvents } from '../../../src/slack/listeners/events/index.js';
import { registerFunctions } from '../../../src/slack/listeners/functions/index.js';
import { registerShortcuts } from '../../../src/slack/listeners/shortcuts/index.js';
import { registerViews } from '../../../src/slack/listeners/views/index.js';
import { ACTION, isHandledRequest, SHORTCUT, VIEW } from '../../../src/slack/payloads/ids.js';

/** An App that only records what each folder's register…(app) asks it to listen for. */
function recordingApp() {
  const listened: Record<string, Array<string | RegExp>> = {};
  const on =
    (kind: string) =>
    (id: string | RegExp, ...listeners: unknown[]) => {
      expect(
        listeners.every((listener) => typeof listener === 'function'),
        `${kind} ${String(id)}`,
      ).toBe(true);
      listened[kind] ??= [];
      listened[kind].push(id);
    };
  const app = {
    command: on('command'),
    action: on('action'),
    view: on('view'),
    shortcut: on('shortcut'),
    event: on('event'),
    function: on('function'),
  } as unknown as App;
  return { app, listened };
}

function listensFor(id: string | RegExp, actionId: string): boolean {
  return typeof id === 'string' ? id === actionId : id.test(actionId);
}

describe('register…(app) of each listener folder', () => {
  const { app, listened } = recordingApp();
  const deps = {} as SlackDeps;
  for (const register of [
    registerCommands,
    registerActions,
    registerViews,
    registerShortcuts,
    registerEvents,
    registerFunctions,
  ])
    register(app, deps);

  it('listens for every slash command, button, form, shortcut, event and step the app draws or declares, once each', () => {
    expect(listened.command).toEqual(SLASH_COMMANDS.map(({ command }) => command));
    // The buttons share one listener (a pattern of their ids): every button is listened for, by one listener, and nothing else is.
    const buttons = Object.values(ACTION);
    for (const actionId of buttons)
      expect(
        listened.action!.filter((id) => listensFor(id, actionId)),
        actionId,
      ).toHaveLength(1);
    for (const other of ['dq_page', 'dq_page_next_', 'x_dq_share', 'dq_search_financial_data', ''])
      expect(
        listened.action!.some((id) => listensFor(id, other)),
        other,
      ).toBe(false);
    expect(listened.view).toEqual([
      new RegExp(`^${VIEW.searchPrefix}`),
      VIEW.digestAdd,
      VIEW.exportCsv,
      VIEW.watchAdd,
      VIEW.supplierList,
      VIEW.dataKey,
      VIEW.workspaceSettings,
    ]);
    expect(listened.shortcut).toEqual([SHORTCUT.search, SHORTCUT.lookUp]);
    expect(listened.event).toEqual([
      'app_home_opened',
      'app_mention',
      'message',
      'app_uninstalled',
      'tokens_revoked',
      'channel_shared',
      'channel_unshared',
      'shared_channel_invite_accepted',
      'shared_channel_invite_approved',
      'shared_channel_invite_declined',
    ]);
    expect(listened.function).toEqual(WORKFLOW_STEPS.map((step) => step.callbackId));
  });

  it('acknowledgeUnhandled lets through exactly what is listened for', () => {
    for (const command of listened.command!)
      expect(
        isHandledRequest(
          { command },
          SLASH_COMMANDS.map((entry) => entry.command),
        ),
      ).toBe(true);
    for (const actionId of Object.values(ACTION).filter((button) =>
      listened.action!.some((id) => listensFor(id, button)),
    )) {
      expect(isHandledRequest({ type: 'block_actions', actions: [{ action_id: actionId }] }, [])).toBe(true);
    }
    for (const callbackId of [VIEW.search('bids'), VIEW.digestAdd, VIEW.exportCsv])
      expect(isHandledRequest({ type: 'view_submission', view: { callback_id: callbackId } }, [])).toBe(true);
    expect(isHandledRequest({ type: 'shortcut', callback_id: SHORTCUT.search }, [])).toBe(true);
  });
});
