import type { ModalView } from '@slack/types';
import { exactLocale, type Lang, type Locale } from '../../i18n/lang.js';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';
import { VIEW } from '../payloads/ids.js';

/** Slack takes at most 3,000 characters in a plain_text_input (its max_length); the hint says so. */
export const PASTED_LIST_MAX_CHARS = 3000;

export const SUPPLIER_LIST_BLOCK = 'supplier_list';
export const SUPPLIER_LIST_ACTION = 'supplier_list_text';

/** The form `/dq check` opens: one box to paste names or credit codes into, in the person's language (kept for the plan). */
export function supplierListForm(lang: Lang): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.supplierList,
    private_metadata: JSON.stringify({ l: lang.locale }),
    title: clippedPlainText(lang.t('batch.paste.title'), VIEW_LIMITS.titleChars),
    submit: clippedPlainText(lang.t('batch.paste.submit'), VIEW_LIMITS.buttonChars),
    close: clippedPlainText(lang.t('batch.paste.close'), VIEW_LIMITS.buttonChars),
    blocks: [
      {
        type: 'input',
        block_id: SUPPLIER_LIST_BLOCK,
        label: { type: 'plain_text', text: lang.t('batch.paste.label') },
        hint: { type: 'plain_text', text: lang.t('batch.paste.hint', { max: PASTED_LIST_MAX_CHARS }) },
        element: {
          type: 'plain_text_input',
          action_id: SUPPLIER_LIST_ACTION,
          multiline: true,
          max_length: PASTED_LIST_MAX_CHARS,
          focus_on_load: true,
          placeholder: clippedPlainText(lang.t('batch.paste.placeholder'), VIEW_LIMITS.placeholderChars),
        },
      },
    ],
  };
}

/** The language the form was shown in; undefined for metadata this app did not write. */
export function supplierListLocale(privateMetadata: string | undefined): Locale | undefined {
  try {
    return exactLocale((JSON.parse(privateMetadata ?? '') as { l?: unknown }).l);
  } catch {
    return undefined;
  }
}
