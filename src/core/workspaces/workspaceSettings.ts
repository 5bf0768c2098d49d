import { z } from 'zod';
import { LOCALES, type Locale } from '../../i18n/lang.js';
import type { Clock } from '../clock.js';
import { type OwnBudgets, withinCeiling } from '../ledger/budgets.js';
import type { Store } from '../store/types.js';

const COLLECTION = 'workspace-settings';

/** How long a replica answers from what it last read: another replica's save shows within this. */
export const SETTINGS_CACHE_MS = 3000;

/** The most people or channels one list holds (the modal's max_selected_items says the same). */
export const MAX_LISTED = 100;

/** A daily budget an admin may type: whole coins, more than none (Slack's number_input takes up to this). */
export const MAX_DAILY_COINS = 100_000_000;

/** A workspace's language: its people's own Slack locale (`auto`), or one for everyone who has not chosen. */
export const WORKSPACE_LANGUAGES = ['auto', ...LOCALES] as const;
export type WorkspaceLanguage = (typeof WORKSPACE_LANGUAGES)[number];

const userId = z.string().regex(/^[UW][A-Z0-9]{2,}$/);
const channelId = z.string().regex(/^[CGD][A-Z0-9]{2,}$/);
const dailyCoins = z.number().int().min(1).max(MAX_DAILY_COINS);

/** What an admin chooses on App Home; every field absent means "the operator's" (the environment's). */
export const workspaceChoicesSchema = z.object({
  /** People who are the app's admins here besides Slack's admins and owners. */
  adminUserIds: z.array(userId).max(MAX_LISTED).default([]),
  /** Empty: everyone the operator allows; otherwise only these people (never someone the operator refuses). */
  allowedUserIds: z.array(userId).max(MAX_LISTED).default([]),
  /** Empty: every channel the operator allows; otherwise only these. */
  allowedChannelIds: z.array(channelId).max(MAX_LISTED).default([]),
  teamDailyCoins: dailyCoins.optional(),
  userDailyCoins: dailyCoins.optional(),
  language: z.enum(WORKSPACE_LANGUAGES).optional(),
  allowSharedChannels: z.boolean().optional(),
});
export type WorkspaceChoices = z.infer<typeof workspaceChoicesSchema>;

const storedSchema = workspaceChoicesSchema.extend({
  changedBy: z.string(),
  changedAt: z.number(),
});
/** A workspace's choices as stored, with who saved them last and when. */
export type StoredWorkspaceSettings = z.infer<typeof storedSchema>;

/** The allowlists of people, channels and teams (absent: nobody is refused by that list). */
export interface AccessLists {
  teams?: ReadonlySet<string>;
  channels?: ReadonlySet<string>;
  users?: ReadonlySet<string>;
}

/** The environment's rules: every workspace's defaults, and the ceilings no workspace passes. */
export interface OperatorRules {
  allowlist: AccessLists;
  /** ADMIN_USER_IDS: admins in every workspace, instead of Slack's admins and owners. */
  adminUserIds: ReadonlySet<string>;
  allowSharedChannels: boolean;
  locale?: Locale;
  budgets: OwnBudgets;
}

/** What applies in one workspace: the operator's rules narrowed by the workspace's choices. */
export interface WorkspaceRules {
  allowlist: AccessLists;
  /** The app's admins besides (or, with ADMIN_USER_IDS, instead of) Slack's. */
  adminUserIds: ReadonlySet<string>;
  /** Slack's admins and owners of the workspace are the app's (unless ADMIN_USER_IDS names others). */
  slackAdminsAreAdmins: boolean;
  allowSharedChannels: boolean;
  /** Unset: each person's Slack locale, and English in channels. */
  locale?: Locale;
  budgets: OwnBudgets;
  /** What the workspace chose itself, for the settings form; absent before its first save. */
  chosen?: StoredWorkspaceSettings;
}

/** The lists meet: only who both allow (a list left unset allows all). */
function narrowed(operator: ReadonlySet<string> | undefined, own: readonly string[]): ReadonlySet<string> | undefined {
  if (own.length === 0) return operator;
  return new Set(operator ? own.filter((id) => operator.has(id)) : own);
}

/**
 * A workspace's rules (docs/configuration.md, Add to Slack): allowlists only narrow the operator's;
 * budgets never pass the operator's (the operator pays); shared channels only where the operator
 * allows them (the operator holds the data's licence), and off if the workspace says so; the
 * workspace's language replaces the operator's default; admins are the operator's list (or else
 * Slack's admins and owners) plus the workspace's own.
 */
export function effectiveRules(operator: OperatorRules, chosen: StoredWorkspaceSettings | undefined): WorkspaceRules {
  if (!chosen)
    return {
      allowlist: operator.allowlist,
      adminUserIds: operator.adminUserIds,
      slackAdminsAreAdmins: operator.adminUserIds.size === 0,
      allowSharedChannels: operator.allowSharedChannels,
      ...(operator.locale ? { locale: operator.locale } : {}),
      budgets: operator.budgets,
    };
  const allowlist: AccessLists = { ...operator.allowlist };
  const users = narrowed(operator.allowlist.users, chosen.allowedUserIds);
  const channels = narrowed(operator.allowlist.channels, chosen.allowedChannelIds);
  if (users) allowlist.users = users;
  if (channels) allowlist.channels = channels;
  const locale =
    chosen.language === undefined ? operator.locale : chosen.language === 'auto' ? undefined : chosen.language;
  return {
    allowlist,
    adminUserIds: new Set([...operator.adminUserIds, ...chosen.adminUserIds]),
    slackAdminsAreAdmins: operator.adminUserIds.size === 0,
    allowSharedChannels: operator.allowSharedChannels && (chosen.allowSharedChannels ?? true),
    ...(locale ? { locale } : {}),
    budgets: withinCeiling(operator.budgets, { teamDaily: chosen.teamDailyCoins, userDaily: chosen.userDailyCoins }),
    chosen,
  };
}

/** A field of the settings form and what is wrong with it. */
export type SettingsProblem =
  | { field: 'teamDailyCoins' | 'userDailyCoins'; problem: 'aboveCeiling'; ceiling: number }
  | { field: 'teamDailyCoins' | 'userDailyCoins'; problem: 'notCoins' }
  | { field: 'adminUserIds' | 'allowedUserIds' | 'allowedChannelIds'; problem: 'tooMany'; max: number }
  | { field: 'allowedUserIds'; problem: 'leavesOutSaver' }
  | { field: 'allowedUserIds' | 'allowedChannelIds'; problem: 'notAllowedByOperator' }
  | { field: 'allowSharedChannels'; problem: 'notAllowedByOperator' }
  | { field: 'form'; problem: 'invalid' };

const LIST_FIELDS = ['adminUserIds', 'allowedUserIds', 'allowedChannelIds'] as const;

/**
 * Checks what an admin submitted against the schema and the operator's ceilings: the problems, by
 * field, or the choices to save. A list of people must name the one saving it, who would otherwise
 * be locked out of these settings.
 */
export function checkChoices(
  input: unknown,
  operator: OperatorRules,
  saverId: string,
): { ok: true; choices: WorkspaceChoices } | { ok: false; problems: SettingsProblem[] } {
  const parsed = workspaceChoicesSchema.safeParse(input);
  const problems: SettingsProblem[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'teamDailyCoins' || field === 'userDailyCoins') problems.push({ field, problem: 'notCoins' });
      else if (LIST_FIELDS.includes(field as (typeof LIST_FIELDS)[number]) && issue.code === 'too_big')
        problems.push({ field: field as (typeof LIST_FIELDS)[number], problem: 'tooMany', max: MAX_LISTED });
      else problems.push({ field: 'form', problem: 'invalid' });
    }
    return { ok: false, problems };
  }
  const choices = parsed.data;
  for (const [field, ceiling] of [
    ['teamDailyCoins', operator.budgets.teamDaily],
    ['userDailyCoins', operator.budgets.userDaily],
  ] as const) {
    const own = choices[field];
    if (own !== undefined && ceiling !== undefined && own > ceiling)
      problems.push({ field, problem: 'aboveCeiling', ceiling });
  }
  if (choices.allowedUserIds.length > 0 && !choices.allowedUserIds.includes(saverId))
    problems.push({ field: 'allowedUserIds', problem: 'leavesOutSaver' });
  for (const [field, list] of [
    ['allowedUserIds', operator.allowlist.users],
    ['allowedChannelIds', operator.allowlist.channels],
  ] as const) {
    if (list && choices[field].some((id) => !list.has(id))) problems.push({ field, problem: 'notAllowedByOperator' });
  }
  if (choices.allowSharedChannels === true && !operator.allowSharedChannels)
    problems.push({ field: 'allowSharedChannels', problem: 'notAllowedByOperator' });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, choices };
}

/** The names of the settings a save changed (for the log: which, never the values of people's lists). */
export function changedFields(before: StoredWorkspaceSettings | undefined, after: WorkspaceChoices): string[] {
  const keys = Object.keys(workspaceChoicesSchema.shape) as Array<keyof WorkspaceChoices>;
  return keys.filter(
    (key) => JSON.stringify(before?.[key] ?? emptyOf(key)) !== JSON.stringify(after[key] ?? emptyOf(key)),
  );
}

function emptyOf(key: keyof WorkspaceChoices): unknown {
  return LIST_FIELDS.includes(key as (typeof LIST_FIELDS)[number]) ? [] : null;
}

interface CachedRead {
  at: number;
  read: Promise<StoredWorkspaceSettings | undefined>;
  value?: StoredWorkspaceSettings | undefined;
  settled: boolean;
}

/**
 * Each workspace's own settings, in the store's documents (PostgreSQL in production), keyed by the
 * workspace's team id as its budgets, digests and watches are. Reads go through a cache of
 * SETTINGS_CACHE_MS, so a request costs a store read at most once in that time per workspace, and a
 * save on another replica applies here within it. A read that fails while an earlier one is known
 * answers with the earlier one (a store blip does not loosen a workspace's narrowed lists).
 */
export class WorkspaceSettings {
  private readonly cache = new Map<string, CachedRead>();

  constructor(
    private readonly store: Store,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly cacheMs = SETTINGS_CACHE_MS,
  ) {}

  /** What the workspace chose, or undefined before any save (its rules are then the operator's). */
  async chosen(teamId: string): Promise<StoredWorkspaceSettings | undefined> {
    const now = this.clock.now();
    const cached = this.cache.get(teamId);
    if (cached && (!cached.settled || now - cached.at < this.cacheMs)) return cached.read;
    const read = this.read(teamId).then(
      (value) => {
        entry.value = value;
        entry.settled = true;
        return value;
      },
      (error: unknown) => {
        if (cached?.settled) {
          this.cache.set(teamId, cached);
          return cached.value;
        }
        this.cache.delete(teamId);
        throw error;
      },
    );
    const entry: CachedRead = { at: now, read, settled: false };
    this.cache.set(teamId, entry);
    return read;
  }

  /** The rules that apply in the workspace: the operator's narrowed by its choices. */
  async rulesFor(teamId: string, operator: OperatorRules): Promise<WorkspaceRules> {
    return effectiveRules(operator, await this.chosen(teamId));
  }

  /** The daily budgets the workspace set itself, before the operator's ceiling (Budgets applies it). */
  async ownBudgets(teamId: string): Promise<OwnBudgets> {
    const chosen = await this.chosen(teamId);
    return { teamDaily: chosen?.teamDailyCoins, userDaily: chosen?.userDailyCoins };
  }

  /** Saves a workspace's choices (checked with checkChoices first); says which settings changed. */
  async save(teamId: string, choices: WorkspaceChoices, changedBy: string): Promise<string[]> {
    const before = await this.read(teamId);
    const stored: StoredWorkspaceSettings = storedSchema.parse({ ...choices, changedBy, changedAt: this.clock.now() });
    await this.store.putDoc(COLLECTION, teamId, stored);
    this.cache.set(teamId, { at: this.clock.now(), read: Promise.resolve(stored), value: stored, settled: true });
    return changedFields(before, choices);
  }

  /** Deletes the workspace's settings (its uninstall); how many documents went. */
  async forgetWorkspace(teamId: string): Promise<number> {
    this.cache.delete(teamId);
    return (await this.store.deleteDoc(COLLECTION, teamId)) ? 1 : 0;
  }

  /** A stored document that no longer fits the schema is an error, never read as no choice (which would undo narrowed lists). */
  private async read(teamId: string): Promise<StoredWorkspaceSettings | undefined> {
    const doc = await this.store.getDoc<unknown>(COLLECTION, teamId);
    if (doc === undefined) return undefined;
    const parsed = storedSchema.safeParse(doc);
    if (!parsed.success) throw new Error(`the stored settings of workspace ${teamId} do not fit their schema`);
    return parsed.data;
  }
}
