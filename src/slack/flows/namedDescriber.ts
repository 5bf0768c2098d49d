import { operations } from '../../core/operations/index.js';
import type { SlackDeps } from '../deps.js';
import type { DescribeRequest } from '../render/types.js';
import { describeRequest } from '../slackOperations/index.js';

/**
 * describeRequest with the names the workspace has seen: a fund's request says the fund's name
 * where an answer gave it (`基金 000001 华夏成长混合`), for the Home tab, exports and status lines.
 */
export async function namedDescriber(deps: SlackDeps, teamId: string): Promise<DescribeRequest> {
  const names = await deps.data.names.of(teamId);
  return (operation, request, lang) => {
    const subject = operations[operation].subject?.(request as never);
    const name = subject === undefined ? undefined : names.nameOf(subject);
    return describeRequest(operation, request, lang, name);
  };
}
