import type { ModalView, Option } from '@slack/types';
import { expect } from 'vitest';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

type WithOptions = { options?: Option[]; option_groups?: Array<{ options: Option[] }>; initial_option?: Option };

/**
 * The shared Block Kit limits, plus two rules Slack also enforces that a limit walker cannot see:
 * a view with inputs needs a submit button, and an initial option must be one of the options.
 */
export function assertModalWithinLimits(view: ModalView): void {
  assertWithinSlackLimits(view, 'modal');
  for (const block of view.blocks) {
    if (block.type !== 'input') continue;
    expect(view.submit, 'a view with inputs needs a submit button').toBeDefined();
    const element = (block as { element: WithOptions }).element;
    if (!element.initial_option) continue;
    const offered = [...(element.options ?? []), ...(element.option_groups ?? []).flatMap((group) => group.options)];
    expect(offered.map((option) => option.value)).toContain(element.initial_option.value);
  }
}
