import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SlackDeps } from '../../slack/deps.js';
import { readUsageCsvValue, usageCsv } from '../../slack/flows/usageCsv.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import { type Requester, speaking } from '../../slack/requester/requester.js';

/** "Usage as CSV" at the console: the file Slack would send to the direct messages, written into `directory`. */
export async function usageCsvAtConsole(
  deps: SlackDeps,
  asker: Requester,
  value: string | undefined,
  responder: Responder,
  directory: string,
): Promise<void> {
  const asked = readUsageCsvValue(value);
  const requester = asked?.locale ? speaking(asker, asked.locale) : asker;
  const { lang } = await requester.profile();
  if (!asked) return responder.reply(renderNotice(lang.t('modals.staleButton'), lang));
  const file = await usageCsv(deps, requester, asked.month);
  const path = join(directory, file.filename);
  await writeFile(path, file.bytes);
  return responder.reply(
    renderNotice(
      lang.t('usage.csv.wrote', { path, month: file.month, rows: lang.t('usage.csv.rows', { count: file.rows }) }),
      lang,
    ),
  );
}
