import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What every ciphertext starts with: the format, so a later one can be told apart. */
const FORMAT = 'dq1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key of SECRETS_KEY or SECRETS_KEYS_PREVIOUS, with the id every ciphertext made with it carries. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** A secret could not be opened: tampered with, written for another record, or under a key this process does not hold. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * A key's id: the first 8 hex digits of a hash of it, so an operator names nothing and two keys
 * never share an id by mistake; the hash says nothing usable about a 256-bit random key.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('dq secrets key id\0').update(key).digest('hex').slice(0, 8);
}

/** SECRETS_KEY's text (32 bytes in base64 or 64 hex digits) as a key, or why it is not one. */
export function readSecretKey(text: string): SecretKey | string {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-f]{64}$/i.test(trimmed) && key.toString('base64') !== trimmed))
    return 'is not 32 bytes in base64 or hex (make one with: openssl rand -base64 32)';
  return { id: keyIdOf(key), key };
}

/**
 * AES-256-GCM under the current key, read back under it or any previous one (SECRETS_KEYS_PREVIOUS),
 * so the key can be rotated: `dq secrets rotate` writes everything again under the current one.
 * A ciphertext is `dq1:<key id>:<iv>:<ciphertext and tag>` (base64url); `context` (the record a
 * secret belongs to) is authenticated with it, so a secret copied into another record is refused.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(
    private readonly current: SecretKey,
    previous: readonly SecretKey[] = [],
  ) {
    this.keys = new Map([...previous, current].map((key) => [key.id, key.key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [FORMAT, this.current.id, iv.toString('base64url'), sealed.toString('base64url')].join(':');
  }

  open(sealed: string, context: string): string {
    const [format, keyId, ivText, bodyText, ...rest] = sealed.split(':');
    if (format !== FORMAT || !keyId || !ivText || !bodyText || rest.length > 0)
      throw new SecretBoxError('not a sealed secret');
    const key = this.keys.get(keyId);
    if (!key)
      throw new SecretBoxError(
        `sealed under key ${keyId}, which is neither SECRETS_KEY nor one of SECRETS_KEYS_PREVIOUS`,
      );
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError('a sealed secret cut short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretBoxError('a sealed secret that does not authenticate (altered, or not this record’s)');
    }
  }

  /** The key id a ciphertext was sealed under (to tell what a rotation has left to do). */
  static keyIdIn(sealed: string): string | undefined {
    const [format, keyId] = sealed.split(':');
    return format === FORMAT ? keyId : undefined;
  }
}
