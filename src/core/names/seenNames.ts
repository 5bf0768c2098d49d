import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Store } from '../store/types.js';
import { NameDirectory, type SeenName, type SeenNamesData } from './nameDirectory.js';

/** How long a replica reads a workspace's names from its own copy before reading the store again (another replica learns too). */
const RELOAD_MS = 30_000;

/**
 * Documents, so they live with watches and settings (PostgreSQL in a fleet) and survive an emptied
 * Redis; the stamp beside the names changes with each write, and is all a replica reads to know.
 */
const NAMES = 'names';
const STAMPS = 'names-stamps';

/** Workspaces whose names a replica holds at once. */
const WORKSPACES_HELD = 200;

interface Held {
  directory: NameDirectory;
  /** The stamp the store had when the directory was read (undefined: none written yet). */
  stamp: string | undefined;
  readAt: number;
}

/**
 * Each workspace's directory of names seen in answers (NameDirectory), kept in the store so every
 * replica and restart knows them: the one way to reach it. A store that cannot be read gives an
 * empty directory (a fund is then asked for by code, as when its name was never seen), never a failure.
 */
export class SeenNames {
  private readonly held = new LRUCache<string, Held>({ max: WORKSPACES_HELD });

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  /** The workspace's names as the store has them now: the copy held, while its stamp is the store's; else read again. */
  private async current(teamId: string): Promise<Held> {
    const stamp = (await this.store.getDoc<{ stamp: string }>(STAMPS, teamId))?.stamp;
    const held = this.held.get(teamId);
    if (held && held.stamp === stamp) {
      held.readAt = this.clock.now();
      return held;
    }
    const fresh: Held = {
      directory: new NameDirectory(await this.store.getDoc<SeenNamesData>(NAMES, teamId)),
      stamp,
      readAt: this.clock.now(),
    };
    this.held.set(teamId, fresh);
    return fresh;
  }

  /** The workspace's directory, as this replica last read it (at most RELOAD_MS ago). */
  async of(teamId: string): Promise<NameDirectory> {
    const held = this.held.get(teamId);
    if (held && this.clock.now() - held.readAt < RELOAD_MS) return held.directory;
    try {
      return (await this.current(teamId)).directory;
    } catch (error) {
      this.logger?.warn({ err: error }, 'could not read the names seen in this workspace');
      return held?.directory ?? new NameDirectory();
    }
  }

  /** The workspace uninstalled: the names its answers taught go, here and in the store (WorkspacePurge). */
  async forgetWorkspace(teamId: string): Promise<number> {
    this.held.delete(teamId);
    const deleted = await Promise.all([this.store.deleteDoc(NAMES, teamId), this.store.deleteDoc(STAMPS, teamId)]);
    return deleted.filter(Boolean).length;
  }

  /**
   * Adds what an answer named to the workspace's directory: as the store has it, added to, written
   * back with a new stamp when anything was new. Two replicas learning at the same instant may lose
   * one's names, which the next answer naming them brings back.
   */
  async learn(teamId: string, names: readonly SeenName[]): Promise<void> {
    if (names.length === 0) return;
    const held = this.held.get(teamId);
    if (held?.directory.knowsAll(names)) return;
    try {
      const current = await this.current(teamId);
      if (!current.directory.learn(names)) return;
      await this.store.putDoc(NAMES, teamId, current.directory.toData());
      current.stamp = randomUUID();
      await this.store.putDoc(STAMPS, teamId, { stamp: current.stamp });
    } catch (error) {
      this.logger?.warn({ err: error }, 'could not keep the names an answer gave');
    }
  }
}
