import { describe, expect, it } from 'vitest';
import { readWatchForm } from '../../../src/slack/modals/watchForm.js';

describe('reading the watch form back', () => {
  it('private_metadata that is valid JSON but no object of ours (null, a number, a list, a string) reads as none, never throws', () => {
    for (const metadata of ['null', '5', '[]', '"text"', '{"w":null}', '{"w":"x","h":[]}', 'not json', '']) {
      expect(() => readWatchForm({}, metadata), metadata).not.toThrow();
      expect(readWatchForm({}, metadata).fromHome, metadata).toBe(false);
    }
  });

  it('a prefill of ours is still read', () => {
    const read = readWatchForm({}, JSON.stringify({ w: { kind: 'fund', subject: '000001' }, h: 1 }));
    expect(read.request).toMatchObject({ kind: 'fund', subject: '000001' });
    expect(read.fromHome).toBe(true);
  });
});
