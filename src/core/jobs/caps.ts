import { randomBytes } from 'node:crypto';
import type { Phrase } from '../../i18n/lang.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/types.js';

/**
 * How many digests or watches one person, one channel and one workspace may have. Each is paid for
 * on its schedule and read by every list, Home tab and scheduler tick, so nobody's saved entries may
 * grow without bound. Set by the operator (WATCH_MAX_PER_* and DIGEST_MAX_PER_*).
 */
export interface Caps {
  perPerson: number;
  perChannel: number;
  perWorkspace: number;
}

/** Room for a team watching its suppliers, funds and contracts; an admin raises them by setting. */
export const DEFAULT_WATCH_CAPS: Caps = { perPerson: 25, perChannel: 50, perWorkspace: 500 };
/** A digest posts the same new-fund list to a channel: a few per channel are all anyone needs. */
export const DEFAULT_DIGEST_CAPS: Caps = { perPerson: 10, perChannel: 5, perWorkspace: 100 };

/** Both kinds' caps when nothing is set. */
export const DEFAULT_CAPS: { watches: Caps; digests: Caps } = {
  watches: DEFAULT_WATCH_CAPS,
  digests: DEFAULT_DIGEST_CAPS,
};

export type CapScope = 'person' | 'channel' | 'workspace';

/** The setting that raises each cap, named in refusals so that whoever reads one knows what to ask for. */
export const CAP_SETTINGS = {
  watch: { person: 'WATCH_MAX_PER_PERSON', channel: 'WATCH_MAX_PER_CHANNEL', workspace: 'WATCH_MAX_PER_WORKSPACE' },
  digest: { person: 'DIGEST_MAX_PER_PERSON', channel: 'DIGEST_MAX_PER_CHANNEL', workspace: 'DIGEST_MAX_PER_WORKSPACE' },
} as const satisfies Record<string, Record<CapScope, string>>;

export type CappedKind = keyof typeof CAP_SETTINGS;

/** Where an entry is and who added it: what the caps count by. */
export interface Placed {
  teamId: string;
  channelId: string;
  createdBy: string;
}

export interface CapReached {
  scope: CapScope;
  cap: number;
  setting: string;
}

/** How long a workspace's adding lock is held at most (a crashed holder frees it by then). */
const ADD_LOCK_TTL_MS = 10_000;
const ADD_LOCK_RETRY_MS = 50;
const ADD_LOCK_TRIES = 100;

/** The workspace's adding lock stayed taken: nothing was added. */
export class AddLockBusyError extends Error {
  constructor(kind: CappedKind) {
    super(`another ${kind} is being added in this workspace; nothing was added`);
    this.name = 'AddLockBusyError';
  }
}

/**
 * The caps of one kind of entry (digests or watches), and the lock that makes "count, then save" one
 * step across replicas: two people adding at once cannot both take the last place under a cap.
 */
export class EntryCaps {
  constructor(
    readonly kind: CappedKind,
    readonly caps: Caps,
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The cap that one more entry at `adding` would pass, counting the workspace's `existing` entries; undefined when it fits. */
  reached(existing: readonly Placed[], adding: Placed): CapReached | undefined {
    let person = 0;
    let channel = 0;
    let workspace = 0;
    for (const entry of existing) {
      if (entry.teamId !== adding.teamId) continue;
      workspace++;
      if (entry.createdBy === adding.createdBy) person++;
      if (entry.channelId === adding.channelId) channel++;
    }
    const settings = CAP_SETTINGS[this.kind];
    if (person >= this.caps.perPerson) return { scope: 'person', cap: this.caps.perPerson, setting: settings.person };
    if (channel >= this.caps.perChannel)
      return { scope: 'channel', cap: this.caps.perChannel, setting: settings.channel };
    if (workspace >= this.caps.perWorkspace)
      return { scope: 'workspace', cap: this.caps.perWorkspace, setting: settings.workspace };
    return undefined;
  }

  /** `add` (count, then save) while holding the workspace's adding lock for this kind. */
  async adding<T>(teamId: string, add: () => Promise<T>): Promise<T> {
    const lock = `${this.kind}-add:${teamId}`;
    const owner = randomBytes(6).toString('hex');
    let held = false;
    for (let attempt = 0; attempt < ADD_LOCK_TRIES && !held; attempt++) {
      held = await this.store.claim(lock, owner, ADD_LOCK_TTL_MS);
      if (!held) await this.clock.sleep(ADD_LOCK_RETRY_MS);
    }
    if (!held) throw new AddLockBusyError(this.kind);
    try {
      return await add();
    } finally {
      await this.store.releaseClaim(lock, owner).catch(() => undefined);
    }
  }
}

/** A refusal naming the cap and the setting that raises it, in the words of the kind's catalogue. */
export function capPhrase(kind: CappedKind, reached: CapReached): Phrase {
  const keys = {
    watch: {
      person: 'watch.input.capPerson',
      channel: 'watch.input.capChannel',
      workspace: 'watch.input.capWorkspace',
    },
    digest: {
      person: 'digests.input.capPerson',
      channel: 'digests.input.capChannel',
      workspace: 'digests.input.capWorkspace',
    },
  } as const;
  return { key: keys[kind][reached.scope], values: { count: reached.cap, setting: reached.setting } };
}
