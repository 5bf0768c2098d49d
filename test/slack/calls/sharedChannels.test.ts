import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { SharedChannels } from '../../../src/slack/calls/sharedChannels.js';

/** conversations.info answering what `answer` holds when it is asked, each answer held until `release`. */
function slack() {
  const held: Array<() => void> = [];
  let asked = 0;
  const state = { shared: false, hold: false };
  const client = {
    conversations: {
      info: async () => {
        asked++;
        const answer = { ok: true, channel: { id: 'C1', is_ext_shared: state.shared } };
        if (state.hold) await new Promise<void>((resolve) => held.push(resolve));
        return answer;
      },
    },
  } as unknown as WebClient;
  return { client, state, held, asked: () => asked };
}

describe('SharedChannels: what Slack says of a channel, in the store for every replica', () => {
  it('two replicas on one store: what one was told, the other knows at once', async () => {
    const store = new MemoryStore();
    const one = new SharedChannels(store);
    const two = new SharedChannels(store);
    const fake = slack();
    expect(await two.of(fake.client, 'C1')).toBe('internal');
    await one.told('C1', 'external');
    expect(await two.of(fake.client, 'C1')).toBe('external');
    expect(fake.asked()).toBe(1);
  });

  it('an answer asked before channel_shared and received after it does not undo it', async () => {
    const store = new MemoryStore();
    const fake = slack();
    const asking = new SharedChannels(store);
    fake.state.hold = true;
    const stale = asking.of(fake.client, 'C1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.held).toHaveLength(1);
    await new SharedChannels(store).told('C1', 'external');
    fake.held[0]!();
    expect(await stale).toBe('external');
    fake.state.hold = false;
    expect(await asking.of(fake.client, 'C1')).toBe('external');
  });

  it('a share on its way is refused until declined; channel_unshared makes the channel internal again', async () => {
    const store = new MemoryStore();
    const sharing = new SharedChannels(store, undefined, () => 1_000_000);
    const fake = slack();
    expect(await sharing.of(fake.client, 'C1')).toBe('internal');
    await sharing.pending('C1', 1_000_000 + 86_400_000);
    expect(await sharing.of(fake.client, 'C1')).toBe('pending');
    await sharing.notPending('C1');
    expect(await sharing.of(fake.client, 'C1')).toBe('internal');
    await sharing.pending('C1');
    await sharing.told('C1', 'external');
    expect(await sharing.of(fake.client, 'C1')).toBe('external');
    await sharing.told('C1', 'internal');
    expect(await sharing.of(fake.client, 'C1')).toBe('internal');
  });

  it('a store that does not answer: what Slack says now, and not known when Slack does not answer either', async () => {
    const down = () => Promise.reject(new Error('store down'));
    const store = { keyv: () => ({ get: down, set: down, delete: down }) } as unknown as MemoryStore;
    const fake = slack();
    expect(await new SharedChannels(store).of(fake.client, 'C1')).toBe('internal');
    fake.state.shared = true;
    expect(await new SharedChannels(store).of(fake.client, 'C1')).toBe('external');
    expect(fake.asked()).toBe(2);
    const silent = {
      conversations: { info: () => Promise.reject(new Error('socket hang up')) },
    } as unknown as WebClient;
    expect(await new SharedChannels(store).of(silent, 'C1')).toBe('unknown');
  });
});
