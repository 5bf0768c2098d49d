import type { Locale } from '../i18n/lang.js';
import { forgetDocs } from './store/forgetDocs.js';
import type { Store } from './store/types.js';

const COLLECTION = 'user-settings';

interface Settings {
  /** Chosen with `/dq lang`; absent means automatic. */
  locale?: Locale;
}

/** What each person chose for themselves, kept in the store so every replica and restart knows it. */
export class UserSettings {
  constructor(private readonly store: Store) {}

  async locale(teamId: string, userId: string): Promise<Locale | undefined> {
    const settings = await this.store.getDoc<Settings>(COLLECTION, `${teamId}:${userId}`);
    return settings?.locale;
  }

  /** Undefined goes back to automatic (the workspace's language, else the Slack locale). */
  async setLocale(teamId: string, userId: string, locale: Locale | undefined): Promise<void> {
    const id = `${teamId}:${userId}`;
    if (locale) await this.store.putDoc(COLLECTION, id, { locale } satisfies Settings);
    else await this.store.deleteDoc(COLLECTION, id);
  }

  /** The workspace uninstalled: its people's choices go (WorkspacePurge). */
  forgetWorkspace(teamId: string): Promise<number> {
    return forgetDocs(this.store, COLLECTION, (id) => id.startsWith(`${teamId}:`));
  }
}
