import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { onlyOnce } from '../../../src/slack/middleware/onlyOnce.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { fakeAck, recorder } from '../listenerArgs.js';

const logger = pino({ level: 'silent' });

async function deliver(store: Store, body: Record<string, unknown>) {
  const record = recorder();
  let passedOn = false;
  await onlyOnce(
    store,
    logger,
  )({
    body,
    ack: fakeAck(record),
    next: async () => {
      passedOn = true;
    },
  } as never);
  return { acks: record.acks(), passedOn };
}

describe('onlyOnce', () => {
  it('a slash command delivered again with the same trigger_id is acked and dropped; a new one goes on', async () => {
    const store = new MemoryStore({ clock: new ManualClock(PINNED_AT) });
    const command = { command: '/dq', text: 'digest add daily 08:00', trigger_id: 'trigger-once-1' };
    expect(await deliver(store, command)).toEqual({ acks: [], passedOn: true });
    expect(await deliver(store, command)).toEqual({ acks: [null], passedOn: false });
    expect(await deliver(store, { ...command, trigger_id: 'trigger-once-2' })).toEqual({ acks: [], passedOn: true });
  });

  it('an event delivered again with the same event_id is dropped; other payloads are never held back', async () => {
    const store = new MemoryStore({ clock: new ManualClock(PINNED_AT) });
    const event = { type: 'event_callback', event_id: 'Ev1', event: { type: 'app_home_opened' } };
    expect((await deliver(store, event)).passedOn).toBe(true);
    expect((await deliver(store, event)).passedOn).toBe(false);
    const click = { type: 'block_actions', trigger_id: 'same', actions: [] };
    expect((await deliver(store, click)).passedOn).toBe(true);
    expect((await deliver(store, click)).passedOn).toBe(true);
  });

  it('a store that cannot be reached lets the request go ahead', async () => {
    const broken = { claim: () => Promise.reject(new Error('store down')) } as unknown as Store;
    expect(await deliver(broken, { command: '/dq', text: 'usage', trigger_id: 'trigger-once-3' })).toEqual({
      acks: [],
      passedOn: true,
    });
  });

  it('while the store cannot be reached, a redelivery to the same process is still dropped (remembered here), even arriving together', async () => {
    const broken = { claim: () => Promise.reject(new Error('store down')) } as unknown as Store;
    const middleware = onlyOnce(broken, logger);
    const deliveries: boolean[] = [];
    const send = async (body: Record<string, unknown>) => {
      let passedOn = false;
      const next = async () => {
        passedOn = true;
      };
      await middleware({ body, ack: async () => undefined, next } as never);
      deliveries.push(passedOn);
    };
    const event = { type: 'event_callback', event_id: 'Ev0DOWN1', event: { type: 'app_mention' } };
    await Promise.all([send(event), send(event)]);
    await send(event);
    // The one that passes on finishes last: the others are dropped without waiting for anything.
    expect([...deliveries].sort()).toEqual([false, false, true]);
    const command = { command: '/dq', text: 'usage', trigger_id: 'trigger-down-1' };
    await send(command);
    await send(command);
    await send({ ...event, event_id: 'Ev0DOWN2' });
    expect(deliveries.slice(3)).toEqual([true, false, true]);
  });
});
