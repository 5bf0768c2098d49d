import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runSecretsCommand } from '../../src/cli/secretsCommand.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/core/clock.js';
import { StoredInstallations } from '../../src/core/installations/storedInstallations.js';
import { readSecretKey, SecretBox, type SecretKey } from '../../src/core/secretBox.js';
import { createStore } from '../../src/core/store/index.js';

const directory = await mkdtemp(join(tmpdir(), 'dq-secrets-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

function text(): { stream: Writable; lines: () => string } {
  let written = '';
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString('utf8');
        done();
      },
    }),
    lines: () => written,
  };
}

describe('dq secrets rotate', () => {
  it('seals every installation again under SECRETS_KEY, after which the old key is not needed', async () => {
    const url = `sqlite://${join(directory, 'rotate.sqlite')}`;
    const [oldText, newText] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    const oldKey = readSecretKey(oldText) as SecretKey;
    const store = await createStore(url);
    await new StoredInstallations(store, new SecretBox(oldKey), systemClock).save({
      teamId: 'T1',
      isEnterpriseInstall: false,
      botToken: 'xoxb-rotated-token',
      botUserId: 'U0BOT',
      botScopes: ['commands'],
      installerUserId: 'U1',
      installedAt: 1,
    });
    await store.close();
    const config = loadConfig(
      { DEMO: '1', STORE_URL: url, SECRETS_KEY: newText, SECRETS_KEYS_PREVIOUS: oldText },
      { inSlack: false },
    );
    const [output, errors] = [text(), text()];
    expect(
      await runSecretsCommand({ words: ['rotate'], config, output: output.stream, errorOutput: errors.stream }),
    ).toBe(0);
    expect(output.lines()).toMatch(
      /^sealed 1 of 1 installations and 0 of 0 workspace data-service keys again under key [0-9a-f]{8}/,
    );
    const reopened = await createStore(url);
    try {
      const onlyNew = new StoredInstallations(
        reopened,
        new SecretBox(readSecretKey(newText) as SecretKey),
        systemClock,
      );
      expect((await onlyNew.find({ teamId: 'T1', isEnterpriseInstall: false }))?.botToken).toBe('xoxb-rotated-token');
    } finally {
      await reopened.close();
    }
  });

  it('says what is missing without SECRETS_KEY, and names its one subcommand', async () => {
    const config = loadConfig({ DEMO: '1' }, { inSlack: false });
    const errors = text();
    expect(
      await runSecretsCommand({ words: ['rotate'], config, output: text().stream, errorOutput: errors.stream }),
    ).toBe(2);
    expect(errors.lines()).toContain('SECRETS_KEY is not set');
    expect(
      await runSecretsCommand({ words: ['spin'], config, output: text().stream, errorOutput: errors.stream }),
    ).toBe(2);
    expect(errors.lines()).toContain('e.g. dq secrets rotate');
  });
});
