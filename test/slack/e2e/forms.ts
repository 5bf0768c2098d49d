import type { ModalView } from '@slack/types';
import { OPERATION_PROFILES, type OperationId } from '../../../src/simulator/index.js';
import type { StateValues } from '../../support/slack/index.js';
import type { PublishedView } from '../../support/slackApp.js';
import { type Answer, fillIn } from '../modals/fillIn.js';

/**
 * Filling in a modal the app really opened, the way a person does it in Slack: only blocks the view
 * has can be answered, and a choice must be one the element offers (the modal tests' fillIn).
 */
export type { Answer };

export function fillForm(view: PublishedView, answers: Record<string, Answer>): StateValues {
  return fillIn(view as unknown as ModalView, answers) as unknown as StateValues;
}

/** Costs as the simulator charges them: written independently of the app's operation definitions. */
export function simulatorCost(operation: OperationId): number {
  return OPERATION_PROFILES[operation].costInCoins;
}

/** The operation ids by short name (the simulator tests' list). */
export { OP as OPS } from '../../simulator/simulatorTestKit.js';

/** The watch form filled in for `channel`: weekdays at 08:45 in Shanghai (state values as Slack sends them). */
export function watchFormValues(channel: string): StateValues {
  return {
    'dq:watch:channel': { value: { type: 'conversations_select', selected_conversation: channel } },
    'dq:watch:cadence': { value: { type: 'static_select', selected_option: { value: 'weekdays' } } },
    'dq:watch:time': { value: { type: 'timepicker', selected_time: '08:45' } },
    'dq:watch:timeZone': { value: { type: 'plain_text_input', value: 'Asia/Shanghai' } },
  } as StateValues;
}
