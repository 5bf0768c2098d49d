import type { ModalView } from '@slack/types';
import { VIEW } from '../ids.js';
import { radioButtons, staticSelect, textInput } from './elements.js';
import { submittedText } from './submission.js';
import { VIEW_LIMITS, option, plainText } from './slackText.js';

/** block_id → action_id of each field of the "add a digest" form. */
export const DIGEST_FIELDS = {
  channel: 'dq:digest:channel',
  cadence: 'dq:digest:cadence',
  time: 'dq:digest:time',
  filter: 'dq:digest:filter',
  timeZone: 'dq:digest:timeZone',
} as const;

const CADENCES = [
  option('Every day', 'daily'),
  option('Monday to Friday', 'weekdays'),
  ...(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day, i) => option(`Every ${['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][i]}`, `weekly:${day}`)),
];
const FILTERS = [option('All new funds', 'all'), option('On sale only', 'onsale'), option('Not on sale only', 'offsale')];

/** The App Home form that subscribes a channel to the new-fund digest (admins only). */
export function digestFormModal(defaultTimeZone: string): ModalView {
  const timeZone = textInput('value', 'Area/City, e.g. Asia/Shanghai');
  timeZone.initial_value = defaultTimeZone;
  return {
    type: 'modal',
    callback_id: VIEW.digestAdd,
    title: plainText('Add a digest', VIEW_LIMITS.titleChars),
    submit: plainText('Add', VIEW_LIMITS.buttonChars),
    close: plainText('Cancel', VIEW_LIMITS.buttonChars),
    blocks: [
      {
        type: 'input', block_id: DIGEST_FIELDS.channel, label: plainText('Channel'),
        element: { type: 'conversations_select', action_id: 'value', filter: { include: ['public', 'private'], exclude_bot_users: true } },
        hint: plainText('The app must be a member of this channel to post there.'),
      },
      { type: 'input', block_id: DIGEST_FIELDS.cadence, label: plainText('When'), element: staticSelect('value', CADENCES, CADENCES[1]) },
      { type: 'input', block_id: DIGEST_FIELDS.time, label: plainText('At'), element: { type: 'timepicker', action_id: 'value', initial_time: '08:30' } },
      { type: 'input', block_id: DIGEST_FIELDS.filter, label: plainText('Funds'), element: radioButtons('value', FILTERS, FILTERS[0]) },
      { type: 'input', block_id: DIGEST_FIELDS.timeZone, label: plainText('Time zone'), element: timeZone },
    ],
  };
}


export interface DigestFormInput {
  channelId?: string;
  cadence: string;
  time: string;
  filter: string;
  timeZone: string;
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
  return input;
}
