import type { ModalView, PlainTextOption } from '@slack/types';
import { FUND_KINDS } from '../../core/digest/newFundFilter.js';
import { WEEKDAYS_FROM_MONDAY, weekdayPhrase } from '../../core/jobs/schedule.js';
import type { Lang, Locale } from '../../i18n/lang.js';
import { clippedPlainText, option, VIEW_LIMITS } from '../blockKit/slackText.js';
import { VIEW } from '../payloads/ids.js';
import { channelPicker, checkboxes, radioButtons, staticSelect, textInput } from './elements.js';
import { submittedText } from './submission.js';

/** block_id → action_id of each field of the "add a digest" form. */
export const DIGEST_FIELDS = {
  channel: 'dq:digest:channel',
  cadence: 'dq:digest:cadence',
  time: 'dq:digest:time',
  filter: 'dq:digest:filter',
  kinds: 'dq:digest:kinds',
  words: 'dq:digest:words',
  timeZone: 'dq:digest:timeZone',
  lang: 'dq:digest:lang',
} as const;

/** The language choice that leaves the digest in the workspace's language (nothing is stored). */
export const WORKSPACE_LANGUAGE = 'default';

function cadences(lang: Lang): PlainTextOption[] {
  return [
    option(lang.t('modals.digestForm.cadence.daily'), 'daily'),
    option(lang.t('modals.digestForm.cadence.weekdays'), 'weekdays'),
    ...WEEKDAYS_FROM_MONDAY.map((day) =>
      option(lang.t('modals.digestForm.cadence.weekly', { day: lang.t(weekdayPhrase(day)) }), `weekly:${day}`),
    ),
  ];
}

function filters(lang: Lang): PlainTextOption[] {
  return [
    option(lang.t('modals.digestForm.filter.all'), 'all'),
    option(lang.t('modals.digestForm.filter.onsale'), 'onsale'),
    option(lang.t('modals.digestForm.filter.offsale'), 'offsale'),
  ];
}

function languages(lang: Lang, workspaceLocale: Locale): PlainTextOption[] {
  return [
    option(
      lang.t('modals.digestForm.language.workspace', { language: lang.t(`digests.language.${workspaceLocale}`) }),
      WORKSPACE_LANGUAGE,
    ),
    option(lang.t('digests.language.en'), 'en'),
    option(lang.t('digests.language.zh-CN'), 'zh-CN'),
  ];
}

/**
 * The App Home form that subscribes a channel to the new-fund digest (admins only), in the reader's
 * language; the digest itself posts in the language chosen on it (the workspace's by default).
 */
export function digestFormModal(
  defaultTimeZone: string,
  lang: Lang,
  workspaceLocale: Locale,
  options: { allowSharedChannels?: boolean } = {},
): ModalView {
  const timeZone = textInput('value', lang.t('modals.digestForm.timeZonePlaceholder'));
  timeZone.initial_value = defaultTimeZone;
  const cadenceOptions = cadences(lang);
  const filterOptions = filters(lang);
  const languageOptions = languages(lang, workspaceLocale);
  return {
    type: 'modal',
    callback_id: VIEW.digestAdd,
    title: clippedPlainText(lang.t('modals.digestForm.title'), VIEW_LIMITS.titleChars),
    submit: clippedPlainText(lang.t('modals.digestForm.submit'), VIEW_LIMITS.buttonChars),
    close: clippedPlainText(lang.t('modals.cancel'), VIEW_LIMITS.buttonChars),
    blocks: [
      {
        type: 'input',
        block_id: DIGEST_FIELDS.channel,
        label: clippedPlainText(lang.t('modals.digestForm.channel')),
        element: channelPicker('value', { allowSharedChannels: options.allowSharedChannels ?? false }),
        hint: clippedPlainText(lang.t('modals.digestForm.channelHint')),
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.cadence,
        label: clippedPlainText(lang.t('modals.digestForm.when')),
        element: staticSelect('value', cadenceOptions, cadenceOptions[1]),
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.time,
        label: clippedPlainText(lang.t('modals.digestForm.at')),
        element: { type: 'timepicker', action_id: 'value', initial_time: '08:30' },
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.filter,
        label: clippedPlainText(lang.t('modals.digestForm.funds')),
        element: radioButtons('value', filterOptions, filterOptions[0]),
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.kinds,
        label: clippedPlainText(lang.t('modals.digestForm.kinds')),
        element: checkboxes(
          'value',
          FUND_KINDS.map((kind) => option(lang.t(`digests.fundKind.${kind}`), kind)),
        ),
        optional: true,
        hint: clippedPlainText(lang.t('modals.digestForm.kindsHint')),
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.words,
        label: clippedPlainText(lang.t('modals.digestForm.words')),
        element: textInput('value', '易方达'),
        optional: true,
        hint: clippedPlainText(lang.t('modals.digestForm.wordsHint')),
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.timeZone,
        label: clippedPlainText(lang.t('modals.digestForm.timeZone')),
        element: timeZone,
      },
      {
        type: 'input',
        block_id: DIGEST_FIELDS.lang,
        label: clippedPlainText(lang.t('modals.digestForm.language.label')),
        element: staticSelect('value', languageOptions, languageOptions[0]),
        hint: clippedPlainText(lang.t('modals.digestForm.language.hint')),
      },
    ],
  };
}

export interface DigestFormInput {
  channelId?: string;
  cadence: string;
  time: string;
  filter: string;
  timeZone: string;
  /** The digest's own language; absent: the workspace's. */
  lang?: string;
  /** The kinds ticked, separated by commas; absent: every kind. */
  kinds?: string;
  /** Words for the name or manager, as typed. */
  words?: string;
}

export function readDigestForm(values: unknown): DigestFormInput {
  const field = (block: string) => submittedText(values, block, 'value');
  const input: DigestFormInput = {
    cadence: field(DIGEST_FIELDS.cadence) ?? '',
    time: field(DIGEST_FIELDS.time) ?? '',
    filter: field(DIGEST_FIELDS.filter) ?? 'all',
    timeZone: (field(DIGEST_FIELDS.timeZone) ?? '').trim(),
  };
  const channel = field(DIGEST_FIELDS.channel);
  if (channel) input.channelId = channel;
  const lang = field(DIGEST_FIELDS.lang);
  if (lang && lang !== WORKSPACE_LANGUAGE) input.lang = lang;
  const kinds = field(DIGEST_FIELDS.kinds);
  if (kinds) input.kinds = kinds;
  const words = field(DIGEST_FIELDS.words)?.trim();
  if (words) input.words = words;
  return input;
}
