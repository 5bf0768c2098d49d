import type { Writable } from 'node:stream';
import type { AppConfig } from '../config.js';
import { systemClock } from '../core/clock.js';
import { StoredInstallations } from '../core/installations/storedInstallations.js';
import { SecretBox } from '../core/secretBox.js';
import { createStore } from '../core/store/index.js';
import { WorkspaceKeys } from '../core/workspaces/workspaceKeys.js';

/**
 * `dq secrets rotate`: every secret at rest (installed workspaces' tokens) sealed again under
 * SECRETS_KEY, read with it or one of SECRETS_KEYS_PREVIOUS; after it, the previous keys can go.
 */
export async function runSecretsCommand(options: {
  words: readonly string[];
  config: AppConfig;
  output: Writable;
  errorOutput: Writable;
}): Promise<number> {
  const { config, output, errorOutput } = options;
  if (options.words.length !== 1 || options.words[0] !== 'rotate') {
    errorOutput.write('dq secrets: the one subcommand is rotate, e.g. dq secrets rotate\n');
    return 2;
  }
  if (!config.secrets) {
    errorOutput.write(
      'dq secrets rotate: SECRETS_KEY is not set; set it to the new key and SECRETS_KEYS_PREVIOUS to the old ones\n',
    );
    return 2;
  }
  const store = await createStore(config.store.url);
  try {
    const box = new SecretBox(config.secrets.current, config.secrets.previous);
    const { rotated, total } = await new StoredInstallations(store, box, systemClock).rotate();
    const keys = await new WorkspaceKeys(store, box, systemClock).rotate();
    output.write(
      `sealed ${rotated} of ${total} installations and ${keys.rotated} of ${keys.total} workspace data-service keys again under key ${box.currentKeyId} (the others already were), in ${store.description}; ` +
        'this store no longer needs SECRETS_KEYS_PREVIOUS\n',
    );
    return 0;
  } finally {
    await store.close();
  }
}
