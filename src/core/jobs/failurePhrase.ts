import { momentOf, type Phrase } from '../../i18n/lang.js';
import { BudgetExceededError, BudgetUnavailableError, isDataError, UpstreamError, ValidationError } from '../errors.js';

/** The service decides (and charges) a call before answering, so a call without a readable answer may be paid. */
function mayHaveCharged(error: UpstreamError): Phrase {
  return error.coinsAtRisk === undefined
    ? { key: 'digests.failure.mayHaveChargedLookup' }
    : { key: 'digests.failure.mayHaveChargedCoins', values: { coins: error.coinsAtRisk } };
}

function upstreamPhrase(error: UpstreamError): Phrase {
  switch (error.kind) {
    case 'timeout':
    case 'connection_lost':
    case 'malformed':
      return { key: `digests.failure.${error.kind}`, values: { charged: mayHaveCharged(error) } };
    case 'auth':
      return { key: error.ownKey ? 'digests.failure.authOwnKey' : 'digests.failure.auth' };
    default:
      return { key: `digests.failure.${error.kind}` };
  }
}

/**
 * Why a digest run could not fetch (or finish fetching) its funds, as a phrase: the run record is
 * stored once and read later by people in different languages (a channel's, an admin's Home).
 */
export function failurePhrase(error: unknown): Phrase {
  if (error instanceof BudgetExceededError) {
    const values = { limit: error.limit, spent: error.spent, needed: error.needed };
    if (error.scope === 'team') return { key: 'digests.failure.teamBudget', values };
    if (error.scope === 'key') return { key: 'digests.failure.keyBudget', values };
    // Read in a channel or on someone else's Home, "your budget" would name the reader: say whose it is.
    return error.userId
      ? { key: 'digests.failure.personBudget', values: { ...values, userId: error.userId } }
      : { key: 'digests.failure.userBudget', values };
  }
  if (error instanceof UpstreamError) return upstreamPhrase(error);
  if (error instanceof ValidationError) return { key: 'digests.failure.invalid' };
  if (error instanceof BudgetUnavailableError && error.recordsLost) {
    const { at, until, timeZone } = error.recordsLost;
    return {
      key: 'digests.failure.budgetRecordsLost',
      // Moments, not text: the stored phrase is said in each reader's style of writing a time.
      values: { at: momentOf(at.getTime(), timeZone), until: momentOf(until.getTime(), timeZone) },
    };
  }
  if (isDataError(error) && error.kind === 'budget_unavailable') return { key: 'digests.failure.budgetUnavailable' };
  if (isDataError(error) && error.kind === 'stopped') return { key: 'digests.failure.stopped' };
  return { key: 'digests.failure.other' };
}
