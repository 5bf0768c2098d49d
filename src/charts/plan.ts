import type { ChartImage } from './types.js';

/**
 * What a chart builder decides without I/O. `too_long` carries the full chart for a short URL, which only
 * the hosted QuickChart can make; resolveChart turns every plan into a ChartImage.
 */
export type ChartPlan =
  | ChartImage
  | { kind: 'too_long'; config: object; alt: string; caption: string; width: number; height: number };

/** Slack rejects an image block whose image_url is longer than this. */
export const SLACK_IMAGE_URL_LIMIT = 3000;

/** Below this many points a merged chart says too little to be worth drawing. */
export const MIN_CHART_POINTS = 12;

export const TOO_MANY_POINTS_NOTE = 'Chart left out: too many points for a Slack image.';
