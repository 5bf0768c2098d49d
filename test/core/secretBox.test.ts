import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyIdOf, readSecretKey, SecretBox, SecretBoxError, type SecretKey } from '../../src/core/secretBox.js';

const newKey = (): SecretKey => {
  const key = randomBytes(32);
  return { id: keyIdOf(key), key };
};

describe('SecretBox', () => {
  it('opens what it sealed, and the ciphertext shows neither the secret nor anything of it', () => {
    const box = new SecretBox(newKey());
    const sealed = box.seal('xoxb-1234-abcdef', 'team:T1:botToken');
    expect(sealed).not.toContain('xoxb');
    expect(sealed.startsWith(`dq1:${box.currentKeyId}:`)).toBe(true);
    expect(box.open(sealed, 'team:T1:botToken')).toBe('xoxb-1234-abcdef');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('xoxb-1234-abcdef', 'team:T1:botToken')).not.toBe(sealed);
  });

  it('refuses a ciphertext altered anywhere', () => {
    const box = new SecretBox(newKey());
    const sealed = box.seal('xoxb-1234-abcdef', 'c');
    const [format, id, iv, body] = sealed.split(':') as [string, string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[at] = bytes[at]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [format, id, flip(iv, 0), body],
      [format, id, iv, flip(body, 0)],
      [format, id, iv, flip(body, Buffer.from(body, 'base64url').length - 1)],
      [format, id, iv, body.slice(0, 10)],
    ])
      expect(() => box.open(altered.join(':'), 'c')).toThrow(SecretBoxError);
  });

  it('refuses a secret read as another record’s (the context is authenticated)', () => {
    const box = new SecretBox(newKey());
    const sealed = box.seal('xoxb-1234-abcdef', 'team:T1:botToken');
    expect(() => box.open(sealed, 'team:T2:botToken')).toThrow(SecretBoxError);
  });

  it('refuses a ciphertext made under a key it does not hold, naming the key id only', () => {
    const other = new SecretBox(newKey());
    const sealed = other.seal('xoxb-1234-abcdef', 'c');
    const box = new SecretBox(newKey());
    expect(() => box.open(sealed, 'c')).toThrow(other.currentKeyId);
    // The same id with other bytes (forged) does not authenticate either.
    const forged = sealed.replace(`:${other.currentKeyId}:`, `:${box.currentKeyId}:`);
    expect(() => box.open(forged, 'c')).toThrow(SecretBoxError);
  });

  it('after a rotation opens the old key’s ciphertexts with SECRETS_KEYS_PREVIOUS and seals under the new one', () => {
    const old = newKey();
    const sealed = new SecretBox(old).seal('xoxe-refresh', 'c');
    const rotated = new SecretBox(newKey(), [old]);
    expect(rotated.open(sealed, 'c')).toBe('xoxe-refresh');
    const again = rotated.seal('xoxe-refresh', 'c');
    expect(SecretBox.keyIdIn(again)).toBe(rotated.currentKeyId);
    expect(() => new SecretBox(newKey()).open(again, 'c')).toThrow(SecretBoxError);
  });
});

describe('readSecretKey', () => {
  it('takes 32 bytes in base64 or hex, and the same key gives the same id', () => {
    const bytes = randomBytes(32);
    const fromBase64 = readSecretKey(bytes.toString('base64'));
    const fromHex = readSecretKey(bytes.toString('hex'));
    expect(typeof fromBase64).toBe('object');
    expect((fromBase64 as SecretKey).id).toBe((fromHex as SecretKey).id);
  });

  it.each(['', 'short', randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'é'.repeat(44)])(
    'refuses %j, saying how to make one',
    (text) => {
      expect(readSecretKey(text)).toMatch(/openssl rand -base64 32/);
    },
  );
});

describe('Redactor.add', () => {
  it('redacts a secret learnt while running, in each form it can take in a line', async () => {
    const { Redactor, REDACTED } = await import('../../src/core/secrets.js');
    const redactor = new Redactor(['configured-secret']);
    // A refresh token is no xox…- token the pattern would catch.
    const learnt = 'rotated/refresh+token=1';
    expect(redactor.redact(`t=${learnt}`)).toContain(learnt);
    redactor.add(learnt);
    for (const form of [learnt, encodeURIComponent(learnt), new URLSearchParams({ s: learnt }).toString().slice(2)])
      expect(redactor.redact(`t=${form} configured-secret`)).toBe(`t=${REDACTED} ${REDACTED}`);
  });

  it('replaces a secret that contains another whole, and one that looks like a pattern as written', async () => {
    const { Redactor, REDACTED } = await import('../../src/core/secrets.js');
    const redactor = new Redactor(['abcdef', 'abcdef-longer', 'a.b*c+d?']);
    expect(redactor.redact('abcdef-longer abcdef a.b*c+d? aXbbc+d?')).toBe(
      `${REDACTED} ${REDACTED} ${REDACTED} aXbbc+d?`,
    );
  });
});

describe('Redactor.own', () => {
  it('holds an owner’s current and last secrets, never more, and none once forgotten', async () => {
    const { Redactor, REDACTED } = await import('../../src/core/secrets.js');
    const redactor = new Redactor(['configured-secret']);
    for (let n = 1; n <= 1000; n++) redactor.own('team:T1', [`bot-${n}-secret`, `refresh-${n}-secret`]);
    expect(redactor.size).toBe(1 + 4);
    expect(redactor.redact('bot-1000-secret bot-999-secret bot-998-secret')).toBe(
      `${REDACTED} ${REDACTED} bot-998-secret`,
    );
    redactor.forget('team:T1');
    expect(redactor.size).toBe(1);
    expect(redactor.redact('bot-1000-secret')).toBe('bot-1000-secret');
  });
});
