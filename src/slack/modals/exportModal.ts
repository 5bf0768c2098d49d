import type { KnownBlock, ModalView } from '@slack/types';
import type { Lang } from '../../i18n/lang.js';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';
import { VIEW } from '../payloads/ids.js';
import { checkedPrivateMetadata } from '../payloads/modalOrigin.js';
import type { PlanTexts } from '../render/exportMessages.js';

/**
 * What an export modal carries to its submission: the conversation it was opened from (`c`, read
 * by the allowlists like a search form's), the query as its button carried it (`q`), the page
 * size the shown costs were worked out for (`z`), and the coins the user saw and confirmed (`k`):
 * an export never spends more than that without asking again.
 */
export interface ExportModalState {
  channelId?: string;
  /** The thread the export was asked in (its parent's ts): the file is shared into it. */
  threadTs?: string;
  queryValue: string;
  pageSize?: number;
  confirmedCoins?: number;
}

export function encodeExportState(state: ExportModalState): string {
  return JSON.stringify({
    c: state.channelId,
    t: state.threadTs,
    q: state.queryValue,
    z: state.pageSize,
    k: state.confirmedCoins,
  });
}

/** Undefined for metadata this app did not write (forged or from an older version). */
export function decodeExportState(text: string | undefined): ExportModalState | undefined {
  try {
    const parsed = JSON.parse(text ?? '') as { c?: unknown; t?: unknown; q?: unknown; z?: unknown; k?: unknown };
    if (typeof parsed.q !== 'string') return undefined;
    const state: ExportModalState = { queryValue: parsed.q };
    if (typeof parsed.c === 'string' && parsed.c) state.channelId = parsed.c;
    // A thread only with its channel, and only a message ts (a forged value is not sent on to Slack).
    if (state.channelId && typeof parsed.t === 'string' && /^\d{1,12}\.\d{1,8}$/.test(parsed.t))
      state.threadTs = parsed.t;
    if (typeof parsed.z === 'number' && Number.isInteger(parsed.z) && parsed.z > 0) state.pageSize = parsed.z;
    if (typeof parsed.k === 'number' && Number.isInteger(parsed.k) && parsed.k >= 0) state.confirmedCoins = parsed.k;
    return state;
  } catch {
    return undefined;
  }
}

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text, verbatim: true } };
}

function context(text: string): KnownBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text, verbatim: true }] };
}

function frame(lang: Lang, blocks: KnownBlock[], extra: Partial<ModalView> = {}): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.exportCsv,
    title: clippedPlainText(lang.t('export.modal.title'), VIEW_LIMITS.titleChars),
    close: clippedPlainText(lang.t(extra.submit ? 'export.modal.close' : 'export.modal.done'), VIEW_LIMITS.buttonChars),
    blocks,
    ...extra,
  };
}

/** Opened at once on the click (the trigger_id lives 3 s); the costs follow with views.update. */
export function exportLoadingModal(lang: Lang): ModalView {
  return frame(lang, [section(lang.t('export.modal.loading'))]);
}

/** A modal with one thing to say and nothing to confirm. */
export function exportNoticeModal(lang: Lang, text: string): ModalView {
  return frame(lang, [section(text)]);
}

/** "Export · 20 coins", "Export" when free, "Get the file" when joining a running export. */
export function exportConfirmLabel(lang: Lang, input: { coins: number; joining: boolean }): string {
  if (input.joining) return lang.t('export.modal.submitJoin');
  if (input.coins > 0)
    return lang.t('export.modal.submitCost', { coins: lang.t('common.coins', { count: input.coins }) });
  return lang.t('export.modal.submit');
}

/**
 * What the whole export costs, before anything is spent, and the button that starts it (or joins
 * the one already running). An empty result has nothing to confirm.
 */
export function exportPlanModal(input: {
  lang: Lang;
  texts: PlanTexts;
  state: ExportModalState;
  coins: number;
  joining: boolean;
  empty: boolean;
}): ModalView {
  const { lang, texts } = input;
  const blocks: KnownBlock[] = [section(texts.heading), section(texts.lines.join('\n'))];
  for (const note of texts.notes) blocks.push(context(note));
  if (input.empty) return frame(lang, [section(texts.heading), section(lang.t('export.plan.empty'))]);
  return frame(lang, blocks, {
    submit: clippedPlainText(exportConfirmLabel(lang, input), VIEW_LIMITS.buttonChars),
    private_metadata: checkedPrivateMetadata(encodeExportState(input.state)),
  });
}
