import type { Button } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { recordsOf } from '../../core/export/exportTable.js';
import type { Lang } from '../../i18n/lang.js';
import { plainText } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { encodeQueryValue } from '../payloads/queryValue.js';

/**
 * "Export CSV" under a result: the value is the query (any page of it) and the result's language,
 * which the export's form and messages are in; the export takes the whole result. None under a
 * result without records, or when the query is too long for a button.
 */
export function exportButton(answer: CallResult, lang: Lang): Button | undefined {
  if (recordsOf(answer.result).length === 0) return undefined;
  const value = encodeQueryValue({ operation: answer.operation, request: answer.request, locale: lang.locale });
  if (value === undefined) return undefined;
  return { type: 'button', action_id: ACTION.exportCsv, text: plainText(lang.t('export.button')), value };
}
