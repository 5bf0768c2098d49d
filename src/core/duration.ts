import { english, type Lang, type NamesUnder } from '../i18n/lang.js';

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** "500ms", "10s", "5m", "1h", "1d" or a bare number of milliseconds; undefined when unreadable. */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = match[2]!.toLowerCase() || 'ms';
  const factor = UNITS[unit];
  return factor === undefined ? undefined : Math.round(Number(match[1]) * factor);
}

export function formatDuration(ms: number, lang: Lang = english): string {
  const say = (unit: NamesUnder<'common.duration'>, count: number) => lang.t(`common.duration.${unit}`, { count });
  if (ms < 1000) return say('ms', Math.round(ms));
  const seconds = Math.round(ms / 1000);
  if (seconds < 90) return say('s', seconds);
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return say('min', minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 48) return say('h', hours);
  return say('d', Math.round(hours / 24));
}
