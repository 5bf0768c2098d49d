import type { ModalView } from '@slack/types';
import type { Lang } from '../../i18n/lang.js';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';

/** A modal with one thing to say and nothing to submit: a form on its way, or what stands in its place. */
export function noticeModal(lang: Lang, text: string, callbackId?: string): ModalView {
  return {
    type: 'modal',
    ...(callbackId ? { callback_id: callbackId } : {}),
    title: clippedPlainText(lang.t('modals.notice.title'), VIEW_LIMITS.titleChars),
    close: clippedPlainText(lang.t('modals.notice.close'), VIEW_LIMITS.buttonChars),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text, verbatim: true } }],
  };
}
