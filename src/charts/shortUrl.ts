import { request } from 'undici';
import { z } from 'zod';

/** The body of QuickChart's POST /chart/create, the same fields as its POST /chart. */
export interface ShortUrlRequest {
  chart: object;
  width: number;
  height: number;
  version: string;
  backgroundColor: string;
}

/** Resolves to the short URL or rejects; must give up by `timeoutMs`. */
export type ShortUrlFetcher = (endpoint: string, body: ShortUrlRequest, timeoutMs: number) => Promise<string>;

const createdChart = z.object({ success: z.literal(true), url: z.string() });

async function postForShortUrl(endpoint: string, body: ShortUrlRequest, signal: AbortSignal): Promise<string> {
  const response = await request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`QuickChart answered ${response.statusCode} to ${endpoint}`);
  }
  return createdChart.parse(await response.body.json()).url;
}

/**
 * POST {host}/chart/create with undici under one deadline for the whole exchange: an abort signal
 * stops the socket, and the race settles the promise even if a stalled body ignores the abort.
 */
export const fetchShortUrl: ShortUrlFetcher = async (endpoint, body, timeoutMs) => {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`QuickChart gave no short URL within ${timeoutMs} ms`);
      abort.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([postForShortUrl(endpoint, body, abort.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
};
