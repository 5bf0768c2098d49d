import { describe, expect, it } from 'vitest';
import { WorkspaceLimits } from './workspaceLimits.js';

/** The fake Slack's rate limits (workspaceLimits.ts), as Slack's rate-limit page states them. */
describe('the fake Slack’s per-workspace limits', () => {
  it('takes one post a second per channel, each workspace and channel apart', () => {
    const limits = new WorkspaceLimits();
    expect(limits.admit('T1', 'chat.postMessage', 'C1', 0)).toBeUndefined();
    expect(limits.admit('T1', 'chat.postMessage', 'C1', 999)).toBe(1);
    expect(limits.admit('T1', 'chat.postMessage', 'C2', 999)).toBeUndefined();
    expect(limits.admit('T2', 'chat.postMessage', 'C1', 999)).toBeUndefined();
    expect(limits.admit('T1', 'chat.postMessage', 'C1', 1000)).toBeUndefined();
    expect([limits.refused.get('T1'), limits.refused.get('T2'), limits.refusedInAll]).toEqual([1, undefined, 1]);
  });

  it('holds each method to its tier per minute in each workspace', () => {
    const limits = new WorkspaceLimits();
    // conversations.info is Tier 3: 50 a minute.
    for (let i = 0; i < 50; i++) expect(limits.admit('T1', 'conversations.info', undefined, i)).toBeUndefined();
    expect(limits.admit('T1', 'conversations.info', undefined, 50)).toBe(60);
    expect(limits.admit('T2', 'conversations.info', undefined, 50)).toBeUndefined();
    expect(limits.admit('T1', 'users.info', undefined, 50)).toBeUndefined();
    expect(limits.admit('T1', 'conversations.info', undefined, 60_000)).toBeUndefined();
  });

  it('takes no more than 300 posts a minute in one workspace, in however many channels', () => {
    const limits = new WorkspaceLimits();
    for (let i = 0; i < 300; i++) expect(limits.admit('T1', 'chat.postMessage', `C${i}`, i)).toBeUndefined();
    expect(limits.admit('T1', 'chat.postMessage', 'C300', 300)).toBeDefined();
    expect(limits.admit('T2', 'chat.postMessage', 'C300', 300)).toBeUndefined();
  });
});
