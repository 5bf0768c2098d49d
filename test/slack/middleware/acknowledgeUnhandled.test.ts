import { describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '../../../src/slack/flows/routeCommand.js';
import { WORKFLOW_STEPS } from '../../../src/slack/flows/workflowSteps.js';
import { acknowledgeUnhandled } from '../../../src/slack/middleware/acknowledgeUnhandled.js';
import { ACTION, SHORTCUT, VIEW } from '../../../src/slack/payloads/ids.js';
import { fakeAck, recorder } from '../listenerArgs.js';

async function through(body: Record<string, unknown>) {
  const record = recorder();
  let passedOn = false;
  await acknowledgeUnhandled(
    SLASH_COMMANDS.map(({ command }) => command),
    WORKFLOW_STEPS.map((step) => step.callbackId),
  )({
    body,
    ack: fakeAck(record),
    next: async () => {
      passedOn = true;
    },
  } as never);
  return { acks: record.acks(), passedOn };
}

describe('acknowledgeUnhandled', () => {
  it.each([
    ['a slash command of the app', { command: '/dq', text: 'help' }],
    ['a button of the app', { type: 'block_actions', actions: [{ action_id: ACTION.pageNext }] }],
    ['a search form', { type: 'view_submission', view: { callback_id: VIEW.search('bids') } }],
    ['the shortcut', { type: 'shortcut', callback_id: SHORTCUT.search }],
    ['an event', { type: 'event_callback', event: { type: 'app_home_opened' } }],
  ])('passes %s on to its listener without acking it', async (_name, body) => {
    expect(await through(body)).toEqual({ acks: [], passedOn: true });
  });

  it.each([
    ['a command the app does not have', { command: '/weather', text: '' }],
    ['a button the app never drew', { type: 'block_actions', actions: [{ action_id: 'someone_elses' }] }],
    ['a form the app never opened', { type: 'view_submission', view: { callback_id: 'other_form' } }],
    ['another shortcut', { type: 'shortcut', callback_id: 'other' }],
  ])('acks %s at once and goes no further', async (_name, body) => {
    expect(await through(body)).toEqual({ acks: [null], passedOn: false });
  });
});
