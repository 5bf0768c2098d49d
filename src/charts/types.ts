/**
 * A chart as replies use it. Built from results without I/O; a reply never fails because of a chart:
 * when no image can be made, `note` says why in one line.
 */
export type ChartImage =
  | { kind: 'image'; url: string; alt: string; caption: string }
  | { kind: 'none'; note: string };

/**
 * What a chart builder decides without I/O. `too_long` carries the chart text for a short URL, which
 * only the hosted QuickChart can make; resolveChart turns every plan into a ChartImage.
 */
export type ChartPlan =
  | ChartImage
  | { kind: 'too_long'; chart: string; alt: string; caption: string; width: number; height: number };

/** Candle colours: `intl` green up and red down; `cn` red up and green down, as Chinese markets show them. */
export type ChartColors = 'intl' | 'cn';

export interface ChartSettings {
  /** QuickChart server, e.g. https://quickchart.io (hosted) or a self-hosted one. */
  host: string;
  /** Hosted QuickChart draws candlesticks (Chart.js v3 financial plugin); self-hosted ones may not. */
  candlesticks: boolean;
  /** Whether the host is the hosted service (short URLs exist only there). */
  hosted: boolean;
  width: number;
  height: number;
  /** CHART_COLORS; `intl` when not given. */
  colors?: ChartColors;
}
