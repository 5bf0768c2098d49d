import type { AnyOperation } from '../../core/operations/index.js';

/** Costs come from the operation definitions, so no screen can disagree with what is charged. */
export function costText(definition: AnyOperation): string {
  const coins = `${definition.cost} coins per lookup`;
  return definition.costPublished ? coins : `${coins} (assumed: the service does not publish this cost)`;
}
