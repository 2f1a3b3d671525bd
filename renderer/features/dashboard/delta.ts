import type { Language } from '../../../preload/contract/messages';

export type Direction = 'up' | 'down' | 'flat';

export interface DeltaParts {
  direction: Direction;
  /** ▲ ▼ or = : the marker beside the numbers (colour is never the only signal). */
  marker: string;
  /** Signed count, "+12", "−3", "0". */
  number: string;
  /** Signed percent, "+4.5%", "−12.25%", "0%". */
  percent: string;
}

const markers: Record<Direction, string> = { up: '▲', down: '▼', flat: '=' };

/**
 * count_for_range as people read it: a signed number and percent with an up/down marker. A negative change is a
 * normal answer (fewer new users than the period before), shown as a decrease, not as an error.
 */
export function deltaParts(range: { number: number; percent: number }, language: Language): DeltaParts {
  const direction: Direction = range.number > 0 ? 'up' : range.number < 0 ? 'down' : range.percent > 0 ? 'up' : range.percent < 0 ? 'down' : 'flat';
  // U+2212 (minus) rather than a hyphen: easier to read across a room and what typography expects.
  const minus = (text: string) => text.replace('-', '\u2212');
  const number = minus(new Intl.NumberFormat(language, { signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(range.number));
  const percent = minus(
    new Intl.NumberFormat(language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 2 }).format(range.percent / 100),
  );
  return { direction, marker: markers[direction], number, percent };
}
