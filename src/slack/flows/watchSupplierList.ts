import { createHash } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { SupplierCheck } from '../../core/batch/supplierChecks.js';
import { type CapReached, capPhrase } from '../../core/jobs/caps.js';
import type { Watch } from '../../core/watch/types.js';
import { WatchInputError } from '../../core/watch/watchService.js';
import { exactLocale, type Lang, langFor } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import { type WatchAllPlan, watchAllOffer } from '../render/supplierCheck.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { channelRefusal } from '../requester/access.js';
import type { Requester } from '../requester/requester.js';
import { mayAdd } from './permissions.js';

/**
 * The schedule of the watches "Watch all" adds: a taxpayer's registration changes seldom, and a
 * weekly check keeps a list of hundreds affordable. The offer states it and its cost.
 */
export const WATCH_ALL_SCHEDULE = { cadence: 'weekly:mon', time: '09:00' } as const;

/** The cap a watch's refusal names (capPhrase's), or undefined for another refusal. */
function capOf(error: WatchInputError): CapReached | undefined {
  const scope = (['person', 'channel', 'workspace'] as const).find(
    (each) => capPhrase('watch', { scope: each, cap: 0, setting: '' }).key === error.phrase.key,
  );
  const values = 'values' in error.phrase ? (error.phrase.values as { count?: unknown; setting?: unknown }) : {};
  return scope ? { scope, cap: Number(values.count ?? 0), setting: String(values.setting ?? '') } : undefined;
}

/** Nothing to add: every found company watched there already, or none fits the caps (said as a single watch's refusal is). */
function nothingToAdd(plan: WatchAllPlan, lang: Lang): string {
  if (plan.overCap > 0 && plan.cap) return lang.t(capPhrase('watch', plan.cap));
  return lang.t('batch.watchAll.nothingNew', { count: plan.alreadyWatched, channel: `<#${plan.channelId}>` });
}

/** The found companies' credit codes, once each, in the list's order. */
function foundCodes(check: SupplierCheck): string[] {
  const codes = check.outcomes.flatMap((outcome) => (outcome?.kind === 'found' ? [outcome.record.creditNo] : []));
  return [...new Set(codes.filter(Boolean))];
}

function langOf(check: SupplierCheck | undefined, fallback: Lang): Lang {
  const locale = exactLocale(check?.surface?.locale);
  return locale ? langFor(locale) : fallback;
}

async function update(
  client: WebClient,
  surface: { channel: string; ts: string },
  message: SlackMessage,
): Promise<void> {
  await client.chat.update({ channel: surface.channel, ts: surface.ts, text: message.text, blocks: message.blocks });
}

/**
 * Who may add watches for the list, and where they would post: the admins only (as any watch), to
 * the conversation the list came from, under its channel rules (allowlists, Slack Connect). A
 * refusal in words, or the channel.
 */
async function watchPlace(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  check: SupplierCheck,
  lang: Lang,
): Promise<{ channelId: string } | { refusal: string }> {
  if (!(await mayAdd(requester))) return { refusal: lang.t('watch.command.adminsOnly') };
  const channelId = check.channelId;
  if (!channelId) return { refusal: lang.t('watch.command.inAChannel') };
  const refused = await channelRefusal(deps, requester.rules, client, channelId);
  return refused ? { refusal: lang.t(refused) } : { channelId };
}

/** The finished check a "Watch all" button names, when it is still the person's latest. */
async function finishedCheck(deps: SlackDeps, requester: Requester, planId: string) {
  const check = await deps.supplierChecks.find({ teamId: requester.teamId, userId: requester.userId });
  return check?.state === 'finished' && check.planId === planId ? check : undefined;
}

/** Works out what adding watches for `codes` in `channelId` would do, nothing saved. */
async function planWatches(
  deps: SlackDeps,
  requester: Requester,
  codes: string[],
  channelId: string,
): Promise<WatchAllPlan> {
  const existing = await deps.watches.repository.ofTeam(requester.teamId);
  const watched = new Set(
    existing.flatMap((watch) =>
      watch.channelId === channelId && watch.target.kind === 'company' ? [watch.target.keyword] : [],
    ),
  );
  const counted: Watch[] = [...existing];
  const plan: WatchAllPlan = { channelId, codes: [], alreadyWatched: 0, overCap: 0, perCheck: 0, perMonth: 0 };
  for (const code of codes) {
    if (watched.has(code)) {
      plan.alreadyWatched++;
      continue;
    }
    let prepared: Awaited<ReturnType<SlackDeps['watches']['prepare']>>;
    try {
      prepared = await deps.watches.prepare({
        kind: 'company',
        subject: code,
        ...WATCH_ALL_SCHEDULE,
        teamId: requester.teamId,
        channelId,
        createdBy: requester.userId,
      });
    } catch (error) {
      // A cap the saved watches reach already: this one and the rest are over it.
      const reached = error instanceof WatchInputError ? capOf(error) : undefined;
      if (!reached) throw error;
      plan.overCap++;
      plan.cap ??= reached;
      continue;
    }
    const { watch, cost } = prepared;
    const reached = deps.watches.caps.reached(counted, watch);
    if (reached) {
      plan.overCap++;
      plan.cap ??= reached;
      continue;
    }
    counted.push(watch);
    plan.codes.push(code);
    plan.perCheck = cost.perCheck;
    plan.perMonth += cost.perMonth;
  }
  return plan;
}

/** What an offer priced (which companies, where), short enough to ride on its Add button. */
export function offeredPlanId(plan: WatchAllPlan): string {
  return createHash('sha256')
    .update(`${plan.channelId}\n${plan.codes.join('\n')}`)
    .digest('hex')
    .slice(0, 12);
}

/** The offer of `plan`: its cost and the budget left, with Add (carrying what it priced) and Cancel. */
async function offerMessage(deps: SlackDeps, requester: Requester, plan: WatchAllPlan, planId: string, lang: Lang) {
  const state = await deps.budgets.state({ teamId: requester.teamId, userId: requester.userId }, deps.now());
  const left = state.team?.limit !== undefined ? Math.max(0, state.team.limit - state.team.spent) : undefined;
  return watchAllOffer(plan, planId, offeredPlanId(plan), left, lang);
}

/**
 * "Watch all" under a check's results: what adding a taxpayer watch for each found company would
 * cost (how many, per check, a month, the budget), posted privately with Add and Cancel; nothing is
 * saved before Add. Companies the channel watches already are left out, never added twice.
 */
export async function offerWatchAll(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  planId: string,
): Promise<void> {
  const check = await finishedCheck(deps, requester, planId);
  const lang = langOf(check, (await requester.profile()).lang);
  const notice = async (text: string) => {
    const message = renderNotice(text, lang);
    await client.chat.postMessage({ channel: requester.userId, text: message.text, blocks: message.blocks });
  };
  if (!check) return notice(lang.t('batch.watchAll.gone'));
  const place = await watchPlace(deps, client, requester, check, lang);
  if ('refusal' in place) return notice(place.refusal);
  const plan = await planWatches(deps, requester, foundCodes(check), place.channelId);
  if (plan.codes.length === 0) return notice(nothingToAdd(plan, lang));
  const message = await offerMessage(deps, requester, plan, check.planId, lang);
  await client.chat.postMessage({ channel: requester.userId, text: message.text, blocks: message.blocks });
}

/**
 * Add on the offer: each watch saved in turn under the watches' own checks (the caps and the
 * duplicate rule, under the workspace's adding lock), the rules judged again (a button is only what
 * a client sent), and what was added said in place of the offer.
 */
export async function addAllWatches(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  surface: { channel: string; ts: string },
  value: string,
): Promise<void> {
  const [planId = '', offered] = value.split(':');
  const check = await finishedCheck(deps, requester, planId);
  const lang = langOf(check, (await requester.profile()).lang);
  const say = (text: string) => update(client, surface, renderNotice(text, lang));
  if (!check) return say(lang.t('batch.watchAll.gone'));
  const place = await watchPlace(deps, client, requester, check, lang);
  if ('refusal' in place) return say(place.refusal);
  const plan = await planWatches(deps, requester, foundCodes(check), place.channelId);
  if (plan.codes.length === 0) return say(nothingToAdd(plan, lang));
  // Watches added or removed since the offer: Add would not be what it priced, so the offer is
  // priced again in its place, for another press.
  if (offered !== offeredPlanId(plan))
    return update(client, surface, await offerMessage(deps, requester, plan, planId, lang));
  let added = 0;
  let cap = plan.cap;
  for (const code of plan.codes) {
    try {
      const { watch } = await deps.watches.prepare({
        kind: 'company',
        subject: code,
        ...WATCH_ALL_SCHEDULE,
        teamId: requester.teamId,
        channelId: place.channelId,
        createdBy: requester.userId,
      });
      await deps.watches.save(watch);
      added++;
    } catch (error) {
      if (!(error instanceof WatchInputError)) throw error;
      // A cap reached meanwhile (someone else added watches): the rest is not added, and said so.
      cap ??= capOf(error);
      if (!cap) throw error;
      break;
    }
  }
  const notAdded = plan.codes.length - added + plan.overCap;
  const lines = [
    lang.t('batch.watchAll.added', { count: added, channel: `<#${place.channelId}>` }),
    ...(plan.alreadyWatched > 0 ? [lang.t('batch.watchAll.skipped', { count: plan.alreadyWatched })] : []),
    ...(notAdded > 0 && cap
      ? [lang.t('batch.watchAll.overCapAdded', { count: notAdded, cap: cap.cap, setting: cap.setting })]
      : []),
  ];
  await say(lines.join('\n'));
}

/** Cancel on the offer: nothing saved, said in its place. */
export async function cancelWatchAll(
  client: WebClient,
  requester: Requester,
  surface: { channel: string; ts: string },
): Promise<void> {
  const { lang } = await requester.profile();
  await update(client, surface, renderNotice(lang.t('batch.watchAll.cancelled'), lang));
}
