// The five operations of the data service, as the simulator sees them. Deliberately independent of the
// client code: if the client misspells a path or picks the wrong envelope, the simulator disagrees.

export const OPERATION_IDS = [
  'enterprise-general-taxpayer-query',
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  'fund-asset',
  'finance-external-futures-kline',
  'fund-new-list',
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];

/** A: `{code, message, data}` with a text code; B: `{code, msg, taskNo, data}` with numeric code 200. */
export type EnvelopeKind = 'A' | 'B';

export interface RateLimit {
  count: number;
  windowMs: number;
}

interface OperationProfile {
  envelope: EnvelopeKind;
  costInCoins: number;
  defaultRateLimit: RateLimit;
  /** The app's name of the operation as typed (new-funds), accepted in SIMULATOR_RATE_LIMITS. */
  typedName: string;
}

const ONE_MINUTE_MS = 60_000;

export const OPERATION_PROFILES: Record<OperationId, OperationProfile> = {
  'enterprise-general-taxpayer-query': {
    envelope: 'A',
    costInCoins: 20,
    defaultRateLimit: { count: 600, windowMs: ONE_MINUTE_MS },
    typedName: 'taxpayer',
  },
  // The spec shows neither the cost nor the rate limit of the bid search, nor its response body.
  // Our assumptions: 10 coins (like the fund operations), 60 per minute, and envelope B.
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': {
    envelope: 'B',
    costInCoins: 10,
    defaultRateLimit: { count: 60, windowMs: ONE_MINUTE_MS },
    typedName: 'bids',
  },
  'fund-asset': {
    envelope: 'B',
    costInCoins: 10,
    defaultRateLimit: { count: 60, windowMs: ONE_MINUTE_MS },
    typedName: 'fund-asset',
  },
  'finance-external-futures-kline': {
    envelope: 'B',
    costInCoins: 5,
    defaultRateLimit: { count: 60, windowMs: ONE_MINUTE_MS },
    typedName: 'futures',
  },
  'fund-new-list': {
    envelope: 'B',
    costInCoins: 10,
    defaultRateLimit: { count: 60, windowMs: ONE_MINUTE_MS },
    typedName: 'new-funds',
  },
};

export function isOperationId(text: string): text is OperationId {
  return (OPERATION_IDS as readonly string[]).includes(text);
}

/** Accepts a full operation id or the operation's name as typed. */
export function operationFromName(name: string): OperationId | undefined {
  if (isOperationId(name)) return name;
  return OPERATION_IDS.find((id) => OPERATION_PROFILES[id].typedName === name);
}

export function operationFromPath(pathname: string): OperationId | undefined {
  const match = /^\/v1\/([^/]+)$/.exec(pathname);
  return match && isOperationId(match[1]!) ? match[1] : undefined;
}
