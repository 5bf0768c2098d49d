import type { ModalView } from '@slack/types';
import { DATA_KEY_MAX_LENGTH } from '../../core/workspaces/workspaceKeys.js';
import type { Lang } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';
import { VIEW } from '../payloads/ids.js';

export const DATA_KEY_BLOCK = 'data_key';
export const DATA_KEY_ACTION = 'data_key_text';

/**
 * The form an admin enters the workspace's own data-service key in. Slack has no password field:
 * the key is typed into a plain input, which only this form's submission carries, and is never
 * put in a view again (`replacing` is the last four characters of the key it replaces).
 */
export function dataKeyForm(lang: Lang, replacing?: string): ModalView {
  const intro = [lang.t('modals.dataKey.intro')];
  if (replacing) intro.push(lang.t('modals.dataKey.replacing', { lastFour: escapeMrkdwn(replacing) }));
  return {
    type: 'modal',
    callback_id: VIEW.dataKey,
    private_metadata: JSON.stringify({ l: lang.locale }),
    title: clippedPlainText(lang.t('modals.dataKey.title'), VIEW_LIMITS.titleChars),
    submit: clippedPlainText(lang.t('modals.dataKey.submit'), VIEW_LIMITS.buttonChars),
    close: clippedPlainText(lang.t('modals.dataKey.close'), VIEW_LIMITS.buttonChars),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: intro.join('\n\n'), verbatim: true } },
      {
        type: 'input',
        block_id: DATA_KEY_BLOCK,
        label: { type: 'plain_text', text: lang.t('modals.dataKey.label') },
        element: {
          type: 'plain_text_input',
          action_id: DATA_KEY_ACTION,
          max_length: DATA_KEY_MAX_LENGTH,
          focus_on_load: true,
          placeholder: clippedPlainText(lang.t('modals.dataKey.placeholder'), VIEW_LIMITS.placeholderChars),
        },
      },
    ],
  };
}

/** What was typed in the form (undefined when the field is missing: a form this app did not make). */
export function typedDataKey(values: Record<string, Record<string, { value?: string | null }>> | undefined) {
  const value = values?.[DATA_KEY_BLOCK]?.[DATA_KEY_ACTION]?.value;
  return typeof value === 'string' ? value : undefined;
}
