import { type LedgerMonth, monthOf } from '../../core/ledger/ledger.js';
import { operations } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { UsageMonth } from '../parse/parsedCommand.js';
import { renderNotice } from '../render/notice.js';
import { operationTitle } from '../render/operationTitle.js';
import { renderMonthUsage, renderUsage } from '../render/usage.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';
import { isAdmin } from './permissions.js';

/** Operation id → its title in the reader's language. */
export function operationTitles(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.values(operations).map((op) => [op.id, operationTitle(op.id, lang)]));
}

/** The month a person named, in the ledger's calendar: one without a year is the latest such month, this one included. */
export function usageMonth(asked: UsageMonth, now: number, timeZone: string): LedgerMonth {
  if ('monthsAgo' in asked) return monthOf(now, timeZone, asked.monthsAgo);
  const current = monthOf(now, timeZone);
  if (asked.year !== undefined) return { year: asked.year, month: asked.month };
  return { year: asked.month <= current.month ? current.year : current.year - 1, month: asked.month };
}

/**
 * Whether the reader is of the app's own organisation (its workspace, or its Enterprise Grid): only
 * they are shown what the other workspaces on the key spent, never a person of another organisation.
 */
function ofTheAppsOrganisation(deps: SlackDeps, requester: Requester): boolean {
  // The console has no install: its reader is the operator.
  if (!deps.install) return true;
  const { teamId, enterpriseId } = deps.install.installedAs;
  return (
    (teamId !== undefined && teamId === requester.teamId) ||
    (enterpriseId !== undefined && enterpriseId === requester.enterpriseId)
  );
}

/**
 * `/dq usage`: coins today and this month, by operation and by user, what the other workspaces on the
 * service key spent, and the budgets left (the key's among them); with a
 * month (`/dq usage 2026-10`, `上月`), that month by person and operation. Both offer its CSV.
 * Everyone's spending is the admins' to read: anyone else sees their own.
 */
export async function showUsage(
  deps: SlackDeps,
  requester: Requester,
  responder: Responder,
  asked?: UsageMonth,
): Promise<void> {
  const { lang, timeZone } = await requester.profile();
  try {
    const now = deps.now();
    const own = !(await isAdmin(requester));
    const spender = own ? requester.userId : undefined;
    if (asked) {
      const month = usageMonth(asked, now, deps.ledger.timeZone);
      const usage = await deps.ledger.monthUsage(requester.teamId, month, spender);
      await responder.reply(
        renderMonthUsage(usage, {
          now,
          timeZone,
          operationTitles: operationTitles(lang),
          lang,
          demo: deps.config.demo,
          own,
        }),
      );
      return;
    }
    const [summary, budget, others] = await Promise.all([
      deps.ledger.usage(requester.teamId, now, spender),
      deps.budgets.state({ teamId: requester.teamId, userId: requester.userId }, now),
      !own && ofTheAppsOrganisation(deps, requester) ? deps.ledger.otherTeams(requester.teamId, now) : [],
    ]);
    await responder.reply(
      renderUsage(summary, budget, {
        now,
        timeZone,
        operationTitles: operationTitles(lang),
        lang,
        demo: deps.config.demo,
        others,
        own,
      }),
    );
  } catch (error) {
    // Usage is read from the ledger and budget counters in the store: a failure here is the store's.
    deps.logger.error({ err: error }, 'usage summary failed');
    await responder.reply(renderNotice(lang.t('usage.storeDown'), lang));
  }
}
