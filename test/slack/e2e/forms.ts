import { OPERATION_PROFILES, type OperationId } from '../../../src/simulator/index.js';
import type { PublishedView } from '../../support/slackApp.js';
import type { StateValues } from '../../support/slack/index.js';

/**
 * Filling in a modal the app really opened, the way a person does it in Slack: only blocks the view
 * has can be answered, and a choice must be one the element offers. Untouched inputs come back with
 * their initial value (or null), as Slack sends them.
 */

export type Answer = string | string[] | undefined;

interface OptionLike {
  value?: string;
  text?: unknown;
}

interface ElementLike {
  type: string;
  action_id: string;
  initial_value?: string;
  initial_option?: OptionLike;
  options?: OptionLike[];
  option_groups?: Array<{ options: OptionLike[] }>;
}

function offered(element: ElementLike): OptionLike[] {
  return [...(element.options ?? []), ...(element.option_groups ?? []).flatMap((group) => group.options)];
}

function pick(element: ElementLike, value: string): { text: unknown; value: string } {
  const option = offered(element).find((candidate) => candidate.value === value);
  if (!option) throw new Error(`${element.action_id} offers no option "${value}" (offers ${offered(element).map((o) => o.value).join(', ')})`);
  return { text: option.text, value };
}

export function fillForm(view: PublishedView, answers: Record<string, Answer>): StateValues {
  const values: StateValues = {};
  const inputs = view.blocks.filter((block) => block.type === 'input');
  for (const block of inputs) {
    const element = block.element as ElementLike;
    const answer = answers[block.block_id!];
    let submitted: Record<string, unknown>;
    switch (element.type) {
      case 'plain_text_input':
      case 'number_input':
        submitted = { type: element.type, value: typeof answer === 'string' ? answer : (element.initial_value ?? null) };
        break;
      case 'datepicker':
        submitted = { type: element.type, selected_date: typeof answer === 'string' ? answer : null };
        break;
      case 'static_select':
      case 'radio_buttons': {
        const initial = element.initial_option?.value;
        const value = typeof answer === 'string' ? answer : initial;
        submitted = { type: element.type, selected_option: value === undefined ? null : pick(element, value) };
        break;
      }
      case 'checkboxes':
        submitted = { type: element.type, selected_options: (Array.isArray(answer) ? answer : []).map((value) => pick(element, value)) };
        break;
      default:
        throw new Error(`fillForm does not know ${element.type}`);
    }
    values[block.block_id!] = { [element.action_id]: submitted };
  }
  for (const blockId of Object.keys(answers)) {
    if (!values[blockId]) throw new Error(`the form has no input block ${blockId}; it has ${inputs.map((b) => b.block_id).join(', ')}`);
  }
  return values;
}

/** Costs as the simulator charges them: written independently of the app's operation definitions. */
export function simulatorCost(operation: OperationId): number {
  return OPERATION_PROFILES[operation].costInCoins;
}

export const OPS = {
  taxpayer: 'enterprise-general-taxpayer-query',
  bids: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  fundAsset: 'fund-asset',
  futures: 'finance-external-futures-kline',
  newFunds: 'fund-new-list',
} as const satisfies Record<string, OperationId>;
