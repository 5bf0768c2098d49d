import type {
  Checkboxes,
  ConversationsSelect,
  Datepicker,
  NumberInput,
  PlainTextInput,
  PlainTextOption,
  RadioButtons,
  StaticSelect,
} from '@slack/types';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';

/**
 * Input elements as the search forms use them. Each takes the action_id last so a form can
 * describe its fields once and have the ids assigned in one place.
 */

export function textInput(actionId: string, placeholder: string): PlainTextInput {
  return {
    type: 'plain_text_input',
    action_id: actionId,
    placeholder: clippedPlainText(placeholder, VIEW_LIMITS.placeholderChars),
  };
}

export function numberInput(actionId: string, options: { initial?: number; min?: number; max?: number }): NumberInput {
  const element: NumberInput = { type: 'number_input', action_id: actionId, is_decimal_allowed: false };
  if (options.initial !== undefined) element.initial_value = String(options.initial);
  if (options.min !== undefined) element.min_value = String(options.min);
  if (options.max !== undefined) element.max_value = String(options.max);
  return element;
}

export function datepicker(actionId: string, placeholder: string): Datepicker {
  return {
    type: 'datepicker',
    action_id: actionId,
    placeholder: clippedPlainText(placeholder, VIEW_LIMITS.placeholderChars),
  };
}

export function checkboxes(actionId: string, options: PlainTextOption[]): Checkboxes {
  return { type: 'checkboxes', action_id: actionId, options };
}

export function radioButtons(actionId: string, options: PlainTextOption[], initial?: PlainTextOption): RadioButtons {
  return initial
    ? { type: 'radio_buttons', action_id: actionId, options, initial_option: initial }
    : { type: 'radio_buttons', action_id: actionId, options };
}

/**
 * A static select of any length: past Slack's 100 options per list it switches to option groups
 * of 100, so a longer region list would still open instead of failing views.open.
 */
export function staticSelect(actionId: string, options: PlainTextOption[], initial?: PlainTextOption): StaticSelect {
  const select: StaticSelect = { type: 'static_select', action_id: actionId };
  if (initial) select.initial_option = initial;
  const size = VIEW_LIMITS.optionsPerSelect;
  if (options.length <= size) {
    select.options = options;
    return select;
  }
  select.option_groups = [];
  for (let start = 0; start < options.length; start += size) {
    const group = options.slice(start, start + size);
    select.option_groups.push({
      label: clippedPlainText(`${start + 1}–${start + group.length}`, VIEW_LIMITS.optionChars),
      options: group,
    });
  }
  return select;
}

/**
 * The channel a digest or watch posts in. Channels shared with another organisation are left out
 * (`exclude_external_shared_channels`, https://docs.slack.dev/reference/block-kit/composition-objects/conversation-filter-object)
 * unless an admin allows paid data there (ALLOW_SHARED_CHANNELS); a submission is checked again.
 */
export function channelPicker(
  actionId: string,
  options: { allowSharedChannels: boolean; initial?: string | undefined },
): ConversationsSelect {
  return {
    type: 'conversations_select',
    action_id: actionId,
    filter: {
      include: ['public', 'private'],
      exclude_bot_users: true,
      ...(options.allowSharedChannels ? {} : { exclude_external_shared_channels: true }),
    },
    ...(options.initial ? { initial_conversation: options.initial } : {}),
  };
}
