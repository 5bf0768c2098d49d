import type { InputBlock, ModalView, Option, PlainTextOption } from '@slack/types';
import type { SubmittedValue, ViewStateValues } from '../../../src/slack/modals/submission.js';

/** What a person does to one input: types text, picks option values, or leaves it alone. */
export type Answer = string | string[] | undefined;

function optionsOf(element: InputBlock['element']): PlainTextOption[] {
  const withOptions = element as { options?: PlainTextOption[]; option_groups?: Array<{ options: PlainTextOption[] }> };
  return [...(withOptions.options ?? []), ...(withOptions.option_groups ?? []).flatMap((group) => group.options)];
}

function pick(element: InputBlock['element'], value: string): PlainTextOption {
  const found = optionsOf(element).find((option) => option.value === value);
  if (!found) throw new Error(`the form offers no option "${value}" in ${element.action_id}`);
  return found;
}

/** Slack sends a chosen option back as the option object; the value is what the app reads. */
function chosen(option: Option): { text: Option['text']; value: string } {
  return { text: option.text, value: option.value ?? '' };
}

/**
 * The `view.state.values` Slack sends on submit: every input block is there, untouched ones with
 * their initial value or null. Only values the form actually offers can be picked.
 */
export function fillIn(view: ModalView, answers: Record<string, Answer>): ViewStateValues {
  const values: Record<string, Record<string, SubmittedValue>> = {};
  for (const block of view.blocks) {
    if (block.type !== 'input') continue;
    const input = block as InputBlock;
    const element = input.element;
    const answer = answers[input.block_id!];
    let submitted: SubmittedValue;
    switch (element.type) {
      case 'plain_text_input':
      case 'number_input':
        submitted = {
          type: element.type,
          value: typeof answer === 'string' ? answer : (element.initial_value ?? null),
        };
        break;
      case 'datepicker':
        submitted = { type: element.type, selected_date: typeof answer === 'string' ? answer : null };
        break;
      case 'static_select':
      case 'radio_buttons':
        submitted = {
          type: element.type,
          selected_option:
            typeof answer === 'string'
              ? chosen(pick(element, answer))
              : element.initial_option
                ? chosen(element.initial_option)
                : null,
        };
        break;
      case 'timepicker':
        submitted = {
          type: element.type,
          selected_time: typeof answer === 'string' ? answer : (element.initial_time ?? null),
        };
        break;
      case 'conversations_select':
        submitted = { type: element.type, selected_conversation: typeof answer === 'string' ? answer : null };
        break;
      case 'checkboxes':
        submitted = {
          type: element.type,
          selected_options: (Array.isArray(answer) ? answer : []).map((value) => chosen(pick(element, value))),
        };
        break;
      default:
        throw new Error(`fillIn does not know ${element.type}`);
    }
    values[input.block_id!] = { [element.action_id!]: submitted };
  }
  for (const blockId of Object.keys(answers))
    if (!values[blockId]) throw new Error(`the form has no input block ${blockId}`);
  return values;
}
