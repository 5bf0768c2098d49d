import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { SlackDeps } from '../../slack/deps.js';
import { warnNearBudget } from '../../slack/flows/budgetWarning.js';
import { exportFile, showExportPlan } from '../../slack/flows/exportCsv.js';
import { decodeExportState, encodeExportState, exportConfirmLabel } from '../../slack/modals/exportModal.js';
import { ACTION } from '../../slack/payloads/ids.js';
import { decodeQueryValue } from '../../slack/payloads/queryValue.js';
import { coins, missingNotes } from '../../slack/render/exportMessages.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import type { SlackMessage } from '../../slack/reply/slackMessage.js';
import { type Requester, speaking } from '../../slack/requester/requester.js';

/**
 * Export CSV at the console, in the two steps it takes in Slack: pressing the button under a result
 * prints what the whole export costs, with a button to confirm (its value is the confirmation the
 * Slack modal would carry); pressing that fetches the pages through the client and writes the CSV
 * file into `directory` instead of posting it.
 */
export async function exportAtConsole(
  deps: SlackDeps,
  asker: Requester,
  value: string | undefined,
  responder: Responder,
  directory: string,
): Promise<void> {
  const confirmed = decodeExportState(value);
  const query = decodeQueryValue(confirmed?.queryValue ?? value ?? '');
  // In the language of the result the button is under, which its value carries.
  const requester = query?.locale ? speaking(asker, query.locale) : asker;
  const { lang } = await requester.profile();
  if (!query) return responder.reply(renderNotice(lang.t('export.buttonBroken'), lang));
  if (!confirmed) {
    const shown = await showExportPlan(deps, requester, query, undefined, { destination: false });
    if ('notice' in shown) return responder.reply(renderNotice(shown.notice, lang));
    if (shown.empty) return responder.reply(renderNotice(lang.t('export.plan.empty'), lang));
    const message: SlackMessage = {
      text: shown.texts.heading,
      lang: lang.locale,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: [shown.texts.heading, ...shown.texts.lines].join('\n') } },
        ...shown.texts.notes.map((note) => ({
          type: 'context' as const,
          elements: [{ type: 'mrkdwn' as const, text: note }],
        })),
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: ACTION.exportCsv,
              text: { type: 'plain_text', text: exportConfirmLabel(lang, shown) },
              value: encodeExportState(shown.state),
            },
          ],
        },
      ],
    };
    return responder.reply(message);
  }
  const made = await exportFile(deps, requester, {
    query,
    ...(confirmed.pageSize !== undefined ? { pageSize: confirmed.pageSize } : {}),
    confirmedCoins: confirmed.confirmedCoins ?? 0,
  });
  const notes = missingNotes(made.outcome, lang);
  if (!made.file) return responder.reply(renderNotice([lang.t('export.done.nothing'), ...notes].join('\n'), lang));
  const path = join(directory, made.file.filename);
  await writeFile(path, made.file.bytes);
  const shownPath = relative(process.cwd(), path) || path;
  const line = lang.t('export.console.wrote', {
    path: shownPath.startsWith('..') ? path : `./${shownPath}`,
    rows: lang.t('export.count.rows', { count: made.rows }),
    pages: lang.t('export.count.pages', { count: made.outcome.pages.length }),
    coins: coins(lang, made.outcome.coinsSpent),
  });
  await responder.reply(renderNotice([line, ...notes].join('\n'), lang));
  if (made.outcome.coinsSpent > 0) await warnNearBudget(deps, requester, responder);
}
