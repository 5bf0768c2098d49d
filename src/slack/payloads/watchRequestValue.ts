import { z } from 'zod';
import type { NewWatch } from '../../core/watch/watchService.js';

/** What a watch request carries between its preview and Save (a button value; checked again on Save). */
export type WatchRequest = Omit<NewWatch, 'teamId' | 'channelId' | 'createdBy'>;

const watchRequestSchema = z.strictObject({
  kind: z.string().max(20),
  subject: z.string().max(120),
  period: z.string().max(20).optional(),
  changePercent: z.string().max(20).optional(),
  above: z.string().max(30).optional(),
  below: z.string().max(30).optional(),
  cadence: z.string().max(30),
  time: z.string().max(10).optional(),
  timeZone: z.string().max(60).optional(),
  lang: z.string().max(20).optional(),
  announceFirst: z.boolean().optional(),
  search: z
    .strictObject({
      province: z.string().max(30).optional(),
      type: z.string().max(30).optional(),
      searchType: z.string().max(60).optional(),
      publishStartTime: z.string().max(30).optional(),
      publishEndTime: z.string().max(30).optional(),
    })
    .optional(),
  maxCoins: z.string().max(20).optional(),
});

export function watchRequestValue(request: WatchRequest): string {
  return JSON.stringify(request);
}

/** A button value back into a request; undefined when it is not one this app made. */
export function readWatchRequestValue(value: string | undefined): WatchRequest | undefined {
  try {
    const parsed = watchRequestSchema.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? (parsed.data as WatchRequest) : undefined;
  } catch {
    return undefined;
  }
}
