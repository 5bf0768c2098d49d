import { z } from 'zod';
import { parseDuration } from './duration.js';
import { findOperation, type OperationId, type RateLimit } from './operations/index.js';
import { parseStoreUrl } from './store/index.js';
import { isValidTimeZone } from './time.js';

/**
 * Configuration of the data-service core, from the environment. Every problem is collected and
 * reported at once, so an operator fixes the whole setup in one go.
 */
export interface CoreConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  rateLimits: Partial<Record<OperationId, RateLimit>>;
  costs: Partial<Record<OperationId, number>>;
  cacheTtlMs: Record<string, number>;
  shareRetentionMs: number;
  storeUrl: string;
  budgets: { teamDaily?: number; userDaily?: number; timeZone: string };
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md, section "Configuration".`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_STORE_URL = 'sqlite://./data/dq.sqlite';

type Env = Record<string, string | undefined>;

function listEntries(text: string | undefined): Array<[string, string]> {
  if (!text?.trim()) return [];
  return text.split(',').map((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [pair.trim(), ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  });
}

/** `fund-asset=6/10s,futures=5/1s`: calls per window, by operation id or alias. */
export function parseRateLimits(text: string | undefined, problems: string[], variable = 'DATA_API_RATE_LIMITS'): Partial<Record<OperationId, RateLimit>> {
  const limits: Partial<Record<OperationId, RateLimit>> = {};
  for (const [name, value] of listEntries(text)) {
    const definition = findOperation(name);
    const match = /^(\d+)\s*\/\s*(.+)$/.exec(value);
    const windowMs = match ? parseDuration(/^\d/.test(match[2]!) ? match[2]! : `1${match[2]}`) : undefined;
    if (!definition) problems.push(`${variable}: unknown operation "${name}" (use an operation name or taxpayer, bids, fund-asset, futures, new-funds)`);
    else if (!match || !windowMs || Number(match[1]) < 1) problems.push(`${variable}: "${name}=${value}" is not a limit like 60/1m or 6/10s`);
    else limits[definition.id as OperationId] = { count: Number(match[1]), windowMs };
  }
  return limits;
}

function parseCosts(text: string | undefined, problems: string[]): Partial<Record<OperationId, number>> {
  const costs: Partial<Record<OperationId, number>> = {};
  for (const [name, value] of listEntries(text)) {
    const definition = findOperation(name);
    if (!definition) problems.push(`DATA_API_COSTS: unknown operation "${name}"`);
    else if (!/^\d+$/.test(value)) problems.push(`DATA_API_COSTS: "${name}=${value}" is not a whole number of coins`);
    else costs[definition.id as OperationId] = Number(value);
  }
  return costs;
}

function parseTtls(text: string | undefined, problems: string[]): Record<string, number> {
  const ttls: Record<string, number> = {};
  for (const [name, value] of listEntries(text)) {
    const [operationName = '', variant] = name.split(':');
    const definition = findOperation(operationName);
    const ms = parseDuration(value);
    if (!definition) problems.push(`CACHE_TTLS: unknown operation "${operationName}"`);
    else if (variant && !(variant in definition.cacheTtlMs)) problems.push(`CACHE_TTLS: ${definition.alias} has no "${variant}" variant (${Object.keys(definition.cacheTtlMs).join(', ')})`);
    else if (ms === undefined) problems.push(`CACHE_TTLS: "${name}=${value}" is not a duration like 30s, 5m, 6h`);
    else ttls[variant ? `${definition.id}:${variant}` : definition.id] = ms;
  }
  return ttls;
}

const optionalWholeNumber = z.string().trim().regex(/^\d+$/).transform(Number).optional();

export function loadCoreConfig(env: Env, options: { requireService?: boolean } = {}): CoreConfig {
  const problems: string[] = [];
  const requireService = options.requireService ?? true;
  const baseUrl = env.DATA_API_BASE_URL?.trim() ?? '';
  const apiKey = env.DATA_API_KEY?.trim() ?? '';
  if (requireService && !baseUrl) problems.push('DATA_API_BASE_URL is missing: the data service address, e.g. https://api.example.com');
  else if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl)) problems.push(`DATA_API_BASE_URL "${baseUrl}" is not an http(s) URL`);
  if (requireService && !apiKey) problems.push('DATA_API_KEY is missing: the API key of the data-service account');

  const number = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const parsed = optionalWholeNumber.safeParse(raw);
    if (!parsed.success || parsed.data === undefined) {
      problems.push(`${name} "${raw}" is not a whole number`);
      return fallback;
    }
    return parsed.data;
  };
  const optionalNumber = (name: string): number | undefined => (env[name]?.trim() ? number(name, 0) : undefined);

  const timeZone = env.BUDGET_TZ?.trim() || 'Asia/Shanghai';
  if (!isValidTimeZone(timeZone)) problems.push(`BUDGET_TZ "${timeZone}" is not an IANA time zone like Asia/Shanghai`);
  const shareRetentionMs = parseDuration(env.SHARE_RETENTION ?? '24h');
  if (shareRetentionMs === undefined) problems.push(`SHARE_RETENTION "${env.SHARE_RETENTION}" is not a duration like 24h`);
  const storeUrl = env.STORE_URL?.trim() || DEFAULT_STORE_URL;
  try {
    parseStoreUrl(storeUrl);
  } catch (error) {
    // parseStoreUrl's message names the accepted forms and never repeats a password.
    problems.push(error instanceof Error ? error.message : 'STORE_URL is not usable');
  }

  const budgets: CoreConfig['budgets'] = { timeZone };
  const teamDaily = optionalNumber('COIN_BUDGET_TEAM_DAILY');
  const userDaily = optionalNumber('COIN_BUDGET_USER_DAILY');
  if (teamDaily !== undefined) budgets.teamDaily = teamDaily;
  if (userDaily !== undefined) budgets.userDaily = userDaily;

  const config: CoreConfig = {
    baseUrl,
    apiKey,
    timeoutMs: number('DATA_API_TIMEOUT_MS', 5000),
    maxRetries: number('DATA_API_MAX_RETRIES', 2),
    rateLimits: parseRateLimits(env.DATA_API_RATE_LIMITS, problems),
    costs: parseCosts(env.DATA_API_COSTS, problems),
    cacheTtlMs: parseTtls(env.CACHE_TTLS, problems),
    shareRetentionMs: shareRetentionMs ?? 86_400_000,
    storeUrl,
    budgets,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
