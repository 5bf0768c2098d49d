import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { type Schedule, WEEKDAYS_FROM_MONDAY, weekdayPhrase } from '../../core/jobs/schedule.js';
import type { Prices } from '../../core/operations/prices.js';
import { watchOperation } from '../../core/watch/checks.js';
import { checksWithin, fittingCadence } from '../../core/watch/cost.js';
import type { WatchKind } from '../../core/watch/types.js';
import { readWatchKind } from '../../core/watch/watchService.js';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Lang } from '../../i18n/lang.js';
import { clippedPlainText, option, VIEW_LIMITS } from '../blockKit/slackText.js';
import { VIEW } from '../payloads/ids.js';
import { checkedPrivateMetadata } from '../payloads/modalOrigin.js';
import { readSearchOptions, type WatchRequest } from '../payloads/watchRequestValue.js';
import { channelPicker, radioButtons, staticSelect, textInput } from './elements.js';
import { submittedText } from './submission.js';

/** block_id of each field of the watch form (the action_id is always `value`). */
export const WATCH_FIELDS = {
  kind: 'dq:watch:kind',
  subject: 'dq:watch:subject',
  channel: 'dq:watch:channel',
  cadence: 'dq:watch:cadence',
  time: 'dq:watch:time',
  change: 'dq:watch:change',
  direction: 'dq:watch:direction',
  level: 'dq:watch:level',
  timeZone: 'dq:watch:timeZone',
} as const;

/** What the form was opened on: a result's subject ("Watch this"), or nothing (App Home). */
export interface WatchFormPrefill {
  kind: WatchKind;
  subject: string;
  period?: string;
  /** A tender search's options besides its keyword (the subject). */
  search?: WatchRequest['search'];
}

export interface WatchFormInput {
  lang: Lang;
  prices: Prices;
  now: number;
  timeZone: string;
  channelId?: string;
  prefill?: WatchFormPrefill;
  /** Opened from the App Home (refreshed after saving). */
  fromHome?: boolean;
  /** ALLOW_SHARED_CHANNELS: the channel picker offers channels shared with another organisation too. */
  allowSharedChannels?: boolean;
  /** What the prefill watches, in the reader's words (mrkdwn-safe), when the flow that opens the form says it. */
  watching?: string;
}

const KIND_KEYS: Record<WatchKind, CatalogueKey> = {
  company: 'watch.form.kind.company',
  fund: 'watch.form.kind.fund',
  contract: 'watch.form.kind.contract',
  tenders: 'watch.form.kind.tenders',
};
const DEFAULT_TIME = '09:00';

/** Each schedule with what it costs over 30 days at the default time (the saved watch says the exact figure). */
function cadenceOptions(input: WatchFormInput): PlainTextOption[] {
  const { lang } = input;
  const cadences: Array<[string, Schedule['cadence'], string]> = [
    ['daily', { kind: 'daily' }, lang.t('watch.form.cadence.daily')],
    ['weekdays', { kind: 'weekdays' }, lang.t('watch.form.cadence.weekdays')],
    ...WEEKDAYS_FROM_MONDAY.map((day): [string, Schedule['cadence'], string] => [
      `weekly:${day}`,
      { kind: 'weekly', weekday: day },
      lang.t('watch.form.cadence.weekly', { day: lang.t(weekdayPhrase(day)) }),
    ]),
  ];
  if (!input.prefill || input.prefill.kind === 'contract')
    cadences.push(['hourly', { kind: 'hourly' }, lang.t('watch.form.cadence.hourly')]);
  const { prefill } = input;
  const perCheck = prefill ? input.prices.priceOf(watchOperation({ kind: prefill.kind })).coins : undefined;
  // Known what is watched, the schedule that fits its data comes first, chosen, and says so.
  const fitting = prefill
    ? JSON.stringify(
        fittingCadence({ kind: prefill.kind, ...(prefill.period ? { type: prefill.period } : {}) }, { kind: 'daily' }),
      )
    : undefined;
  const options = cadences.map(([value, cadence, label]) => {
    const checks = checksWithin({ cadence, time: DEFAULT_TIME, timeZone: input.timeZone }, input.now);
    const cost =
      perCheck === undefined
        ? lang.t('watch.form.checks', { count: checks })
        : lang.t('watch.form.checksCosting', {
            count: checks,
            coins: lang.t('common.coins', { count: checks * perCheck }),
          });
    const fits = JSON.stringify(cadence) === fitting;
    return { fits, option: option(`${label} · ${cost}${fits ? ` · ${lang.t('watch.fit.mark')}` : ''}`, value) };
  });
  return [...options.filter((entry) => entry.fits), ...options.filter((entry) => !entry.fits)].map(
    (entry) => entry.option,
  );
}

function priceLine(input: WatchFormInput): string {
  const { lang, prices } = input;
  const coins = (kind: WatchKind) => lang.t('common.coins', { count: prices.priceOf(watchOperation({ kind })).coins });
  if (input.prefill) return lang.t('watch.form.pricePerCheck', { coins: coins(input.prefill.kind) });
  return lang.t('watch.form.prices', {
    company: coins('company'),
    fund: coins('fund'),
    contract: coins('contract'),
    tenders: coins('tenders'),
  });
}

function input(
  blockId: string,
  label: string,
  element: unknown,
  options: { optional?: boolean; hint?: string } = {},
): KnownBlock {
  return {
    type: 'input',
    block_id: blockId,
    label: clippedPlainText(label),
    element,
    ...(options.optional ? { optional: true } : {}),
    ...(options.hint ? { hint: clippedPlainText(options.hint) } : {}),
  } as KnownBlock;
}

/** The watch form ("Watch this" under a result, "Add a watch" on the App Home), in the reader's language. */
export function watchFormModal(form: WatchFormInput): ModalView {
  const { lang, prefill } = form;
  const blocks: KnownBlock[] = [];
  if (prefill) {
    blocks.push({
      type: 'section',
      text: form.watching
        ? { type: 'mrkdwn', text: lang.t('watch.form.watching', { what: form.watching }) }
        : clippedPlainText(
            lang.t('watch.form.watching', { what: `${lang.t(KIND_KEYS[prefill.kind])} ${prefill.subject}` }),
          ),
    } as KnownBlock);
  } else {
    const kinds = (['company', 'fund', 'contract', 'tenders'] as const).map((kind) =>
      option(lang.t(KIND_KEYS[kind]), kind),
    );
    blocks.push(input(WATCH_FIELDS.kind, lang.t('watch.form.kindLabel'), radioButtons('value', kinds, kinds[0])));
    blocks.push(
      input(
        WATCH_FIELDS.subject,
        lang.t('watch.form.subjectLabel'),
        textInput('value', lang.t('watch.form.subjectPlaceholder')),
        { hint: lang.t('watch.form.subjectHint') },
      ),
    );
  }
  blocks.push(
    input(
      WATCH_FIELDS.channel,
      lang.t('watch.form.channel'),
      channelPicker('value', { allowSharedChannels: form.allowSharedChannels ?? false, initial: form.channelId }),
    ),
  );
  const cadences = cadenceOptions(form);
  blocks.push(input(WATCH_FIELDS.cadence, lang.t('watch.form.when'), staticSelect('value', cadences, cadences[0])));
  blocks.push(
    input(
      WATCH_FIELDS.time,
      lang.t('watch.form.at'),
      { type: 'timepicker', action_id: 'value', initial_time: DEFAULT_TIME },
      { hint: lang.t('watch.form.atHint') },
    ),
  );
  if (!prefill || prefill.kind === 'fund') {
    blocks.push(
      input(WATCH_FIELDS.change, lang.t('watch.form.change'), textInput('value', '5%'), {
        optional: true,
        hint: lang.t('watch.form.changeHint'),
      }),
    );
  }
  if (!prefill || prefill.kind === 'contract') {
    const directions = [option(lang.t('watch.form.above'), 'above'), option(lang.t('watch.form.below'), 'below')];
    blocks.push(
      input(WATCH_FIELDS.direction, lang.t('watch.form.direction'), radioButtons('value', directions, directions[0]), {
        optional: !prefill,
      }),
    );
    blocks.push(
      input(WATCH_FIELDS.level, lang.t('watch.form.level'), textInput('value', '75.5'), {
        optional: !prefill,
        hint: lang.t('watch.form.levelHint'),
      }),
    );
  }
  const timeZone = textInput('value', 'Asia/Shanghai');
  timeZone.initial_value = form.timeZone;
  blocks.push(input(WATCH_FIELDS.timeZone, lang.t('watch.form.timeZone'), timeZone));
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `${priceLine(form)} ${lang.t('watch.preview.firstIsBaseline')}` }],
  });
  const metadata = JSON.stringify({ c: form.channelId, w: prefill, h: form.fromHome ? 1 : 0 });
  return {
    type: 'modal',
    callback_id: VIEW.watchAdd,
    private_metadata: checkedPrivateMetadata(metadata),
    title: clippedPlainText(lang.t('watch.form.title'), VIEW_LIMITS.titleChars),
    submit: clippedPlainText(lang.t('watch.preview.save'), VIEW_LIMITS.buttonChars),
    close: clippedPlainText(lang.t('watch.preview.cancel'), VIEW_LIMITS.buttonChars),
    blocks,
  };
}

/** The request the submitted form makes (checked by the watch service like a typed one), and where it was opened. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readWatchForm(
  values: unknown,
  privateMetadata: string | undefined,
): { request: WatchRequest; channelId?: string; fromHome: boolean } {
  const field = (block: string) => submittedText(values, block, 'value')?.trim();
  let meta: { w?: Partial<WatchFormPrefill>; h?: unknown } = {};
  try {
    // Only what a client sent back: `null`, a number or a list is no form of ours, and reads as none.
    const parsed: unknown = JSON.parse(privateMetadata ?? '{}');
    if (isPlainObject(parsed)) meta = parsed as typeof meta;
  } catch {
    meta = {};
  }
  const prefill =
    isPlainObject(meta.w) && typeof meta.w.kind === 'string' && typeof meta.w.subject === 'string' ? meta.w : undefined;
  const request: WatchRequest = {
    kind: prefill?.kind ?? field(WATCH_FIELDS.kind) ?? '',
    subject: prefill?.subject ?? field(WATCH_FIELDS.subject) ?? '',
    cadence: field(WATCH_FIELDS.cadence) ?? '',
  };
  if (typeof prefill?.period === 'string') request.period = prefill.period;
  const search = readSearchOptions(prefill?.search);
  if (search) request.search = search;
  const time = field(WATCH_FIELDS.time);
  if (time) request.time = request.cadence === 'hourly' ? `:${time.slice(3)}` : time;
  const change = field(WATCH_FIELDS.change);
  if (change) request.changePercent = change;
  const level = field(WATCH_FIELDS.level);
  if (level && readWatchKind(request.kind) === 'contract')
    request[field(WATCH_FIELDS.direction) === 'below' ? 'below' : 'above'] = level;
  const timeZone = field(WATCH_FIELDS.timeZone);
  if (timeZone) request.timeZone = timeZone;
  const channelId = field(WATCH_FIELDS.channel);
  return { request, ...(channelId ? { channelId } : {}), fromHome: meta.h === 1 };
}
