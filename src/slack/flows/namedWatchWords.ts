import { watchSubject } from '../../core/watch/checks.js';
import type { SlackDeps } from '../deps.js';
import type { WatchWordsOf } from '../render/watch.js';
import { watchWordsOf } from '../slackOperations/index.js';

/** Each watch's words with the names the workspace has seen: a fund's watch says the fund's name (the Home tab, `/dq watch list`). */
export async function namedWatchWords(deps: SlackDeps, teamId: string): Promise<WatchWordsOf> {
  const names = await deps.data.names.of(teamId);
  return (kind) => {
    const words = watchWordsOf(kind);
    return {
      ...words,
      target: (target, lang, name) => {
        const subject = watchSubject(target);
        return words.target(target, lang, name ?? (subject === undefined ? undefined : names.nameOf(subject)));
      },
    };
  };
}
