import type { Keyv } from 'keyv';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Store } from '../store/types.js';
import { NameDirectory, type SeenName, type SeenNamesData } from './nameDirectory.js';

/** How long a replica reads a workspace's names from its own copy before reading the store again (another replica learns too). */
const RELOAD_MS = 30_000;

/** Workspaces whose names a replica holds at once. */
const WORKSPACES_HELD = 200;

/**
 * Each workspace's directory of names seen in answers (NameDirectory), kept in the store so every
 * replica and restart knows them: the one way to reach it. A store that cannot be read gives an
 * empty directory (a fund is then asked for by code, as when its name was never seen), never a failure.
 */
export class SeenNames {
  private readonly keyv: Keyv<SeenNamesData>;
  private readonly held = new LRUCache<string, { directory: NameDirectory; readAt: number }>({ max: WORKSPACES_HELD });

  constructor(
    store: Store,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {
    this.keyv = store.keyv<SeenNamesData>('names');
  }

  /** The workspace's directory, as this replica last read it (at most RELOAD_MS ago). */
  async of(teamId: string): Promise<NameDirectory> {
    const held = this.held.get(teamId);
    if (held && this.clock.now() - held.readAt < RELOAD_MS) return held.directory;
    try {
      const directory = new NameDirectory((await this.keyv.get(teamId)) ?? undefined);
      this.held.set(teamId, { directory, readAt: this.clock.now() });
      return directory;
    } catch (error) {
      this.logger?.warn({ err: error }, 'could not read the names seen in this workspace');
      return held?.directory ?? new NameDirectory();
    }
  }

  /**
   * Adds what an answer named to the workspace's directory: read from the store, added to, written
   * back when anything was new. Two replicas learning at the same instant may lose one's names,
   * which the next answer naming them brings back.
   */
  async learn(teamId: string, names: readonly SeenName[]): Promise<void> {
    if (names.length === 0) return;
    const held = this.held.get(teamId);
    if (held?.directory.knowsAll(names)) return;
    try {
      const directory = new NameDirectory((await this.keyv.get(teamId)) ?? undefined);
      if (directory.learn(names)) await this.keyv.set(teamId, directory.toData());
      this.held.set(teamId, { directory, readAt: this.clock.now() });
    } catch (error) {
      this.logger?.warn({ err: error }, 'could not keep the names an answer gave');
    }
  }
}
