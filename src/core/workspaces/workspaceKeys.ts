import type { Logger } from 'pino';
import { type DataKey, dataKeyIdOf } from '../client/dataKey.js';
import type { Clock } from '../clock.js';
import { BudgetUnavailableError } from '../errors.js';
import { SecretBox } from '../secretBox.js';
import type { Store } from '../store/types.js';

/** One document per workspace that brought its own key: `team:<id>`. */
const COLLECTION = 'workspace-keys';

/** What may be shown of a workspace's key: never the key, only its last four characters. */
export interface WorkspaceKeySummary {
  keyId: string;
  lastFour: string;
  setBy: string;
  setAt: number;
}

interface StoredKey extends WorkspaceKeySummary {
  /** SecretBox's `dq1:…`, sealed with the record's key as context. */
  sealed: string;
}

/** The service's key format is not published (spec, Authentication 4): only what an HTTP header can carry, within sane bounds. */
export const DATA_KEY_MIN_LENGTH = 8;
export const DATA_KEY_MAX_LENGTH = 200;

/** A key's shape in the form's examples (made up: the service does not publish its keys' format). */
export const DATA_KEY_EXAMPLE = '3f9a0c7e5b21d4e8';

/** Why a typed key cannot be a data-service key. */
export type DataKeyProblem = 'empty' | 'tooShort' | 'tooLong' | 'spaces' | 'characters' | 'slackToken';

/**
 * A key as an admin typed or pasted it, checked for shape only: the spec offers no free call to
 * test a key, and a paid one would charge whoever owns it. Surrounding spaces are dropped.
 */
export function readDataKey(text: string): { apiKey: string } | { problem: DataKeyProblem } {
  const apiKey = text.trim();
  if (apiKey === '') return { problem: 'empty' };
  if (/\s/.test(apiKey)) return { problem: 'spaces' };
  // Printable ASCII: what an X-API-Key header carries unchanged.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) return { problem: 'characters' };
  if (/^(?:xox[abeoprs]|xapp)-/.test(apiKey)) return { problem: 'slackToken' };
  if (apiKey.length < DATA_KEY_MIN_LENGTH) return { problem: 'tooShort' };
  if (apiKey.length > DATA_KEY_MAX_LENGTH) return { problem: 'tooLong' };
  return { apiKey };
}

/** Workspaces whose opened key this process keeps: beyond this the oldest is dropped (read again next time). */
const KEPT_KEYS = 1000;

/**
 * Each workspace's own data-service key ("bring your own key"), sealed with SecretBox under
 * SECRETS_KEY in the app's Store. The key is read from the store on every call (a replacement or
 * a removal on one replica holds on every other at once); what this process keeps is only the
 * opened key of the sealed text it last read per workspace, so a call pays no decryption, and
 * that last answer stands in while the store cannot be read. `onSecret` hears every key read or
 * written, so the redaction covers it.
 */
export class WorkspaceKeys {
  private readonly kept = new Map<string, { sealed: string | undefined; key: DataKey | undefined }>();

  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly onSecret: (secret: string) => void = () => undefined,
    private readonly logger?: Logger,
  ) {}

  /** Seals and stores the workspace's key, replacing any before it; what may be shown of it. */
  async set(teamId: string, apiKey: string, setBy: string): Promise<WorkspaceKeySummary> {
    this.onSecret(apiKey);
    const id = recordId(teamId);
    const summary: WorkspaceKeySummary = {
      keyId: dataKeyIdOf(apiKey),
      lastFour: apiKey.slice(-4),
      setBy,
      setAt: this.clock.now(),
    };
    const stored: StoredKey = { ...summary, sealed: this.box.seal(apiKey, `${id}:apiKey`) };
    await this.store.putDoc(COLLECTION, id, stored);
    this.keep(teamId, stored.sealed, { apiKey, keyId: summary.keyId });
    return summary;
  }

  /** What may be shown of the workspace's key, when it has one. */
  async summary(teamId: string): Promise<WorkspaceKeySummary | undefined> {
    const stored = await this.store.getDoc<StoredKey>(COLLECTION, recordId(teamId));
    if (!stored) return undefined;
    const { sealed: _sealed, ...summary } = stored;
    return summary;
  }

  /**
   * The workspace's own key, or undefined when its calls go with the operator's. A store that
   * cannot be read answers with what this process last read for the workspace; with nothing read
   * yet nobody can say who would pay, so the call is refused before anything is sent.
   */
  async keyFor(teamId: string): Promise<DataKey | undefined> {
    let stored: StoredKey | undefined;
    try {
      stored = await this.store.getDoc<StoredKey>(COLLECTION, recordId(teamId));
    } catch (error) {
      const known = this.kept.get(teamId);
      if (known) return known.key;
      throw new BudgetUnavailableError({ cause: error });
    }
    const known = this.kept.get(teamId);
    if (known && known.sealed === stored?.sealed) return known.key;
    if (!stored) {
      this.keep(teamId, undefined, undefined);
      return undefined;
    }
    const apiKey = this.box.open(stored.sealed, `${recordId(teamId)}:apiKey`);
    this.onSecret(apiKey);
    const key = { apiKey, keyId: stored.keyId };
    this.keep(teamId, stored.sealed, key);
    return key;
  }

  /** The workspace goes back to the operator's key; true when it had one of its own. */
  async remove(teamId: string): Promise<boolean> {
    const removed = await this.store.deleteDoc(COLLECTION, recordId(teamId));
    this.kept.delete(teamId);
    return removed;
  }

  /** Everything kept about the workspace's key (an uninstall's purge): how many records were deleted. */
  async forgetWorkspace(teamId: string): Promise<number> {
    return (await this.remove(teamId)) ? 1 : 0;
  }

  /** Seals every stored key again under the current SECRETS_KEY (`dq secrets rotate`). */
  async rotate(): Promise<{ rotated: number; total: number }> {
    const all = await this.store.listDocs<StoredKey>(COLLECTION);
    let rotated = 0;
    for (const { id, doc } of all) {
      if (SecretBox.keyIdIn(doc.sealed) === this.box.currentKeyId) continue;
      const apiKey = this.box.open(doc.sealed, `${id}:apiKey`);
      await this.store.putDoc(COLLECTION, id, { ...doc, sealed: this.box.seal(apiKey, `${id}:apiKey`) });
      rotated += 1;
    }
    if (rotated > 0) this.kept.clear();
    this.logger?.info({ rotated, total: all.length }, 'workspace data-service keys sealed again under the current key');
    return { rotated, total: all.length };
  }

  private keep(teamId: string, sealed: string | undefined, key: DataKey | undefined): void {
    this.kept.delete(teamId);
    this.kept.set(teamId, { sealed, key });
    if (this.kept.size > KEPT_KEYS) this.kept.delete(this.kept.keys().next().value!);
  }
}

function recordId(teamId: string): string {
  return `team:${teamId}`;
}
