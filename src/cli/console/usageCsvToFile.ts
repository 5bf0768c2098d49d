import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SlackDeps } from '../../slack/deps.js';
import { readMonthValue, usageCsv } from '../../slack/flows/usageCsv.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import type { Requester } from '../../slack/requester/requester.js';

/** "Usage as CSV" at the console: the file Slack would send to the direct messages, written into `directory`. */
export async function usageCsvAtConsole(
  deps: SlackDeps,
  requester: Requester,
  value: string | undefined,
  responder: Responder,
  directory: string,
): Promise<void> {
  const { lang } = await requester.profile();
  const month = readMonthValue(value);
  if (!month) return responder.reply(renderNotice(lang.t('modals.staleButton'), lang));
  const file = await usageCsv(deps, requester, month);
  const path = join(directory, file.filename);
  await writeFile(path, file.bytes);
  return responder.reply(
    renderNotice(
      lang.t('usage.csv.wrote', { path, month: file.month, rows: lang.t('usage.csv.rows', { count: file.rows }) }),
      lang,
    ),
  );
}
