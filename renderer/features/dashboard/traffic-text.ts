import { formatNumber } from '../../lib/format';
import { locale, t } from '../../lib/i18n.svelte';
import { trafficParts } from './traffic-words';

/** "8.84 Gbit/s", "171.6 Mbit/s": a traffic figure with its unit in the operator's language. */
export function trafficText(kbps: number): string {
  const { amount, unit, fractionDigits } = trafficParts(kbps);
  const number = formatNumber(locale.language, amount, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  return t(`dashboard.units.${unit}`, { amount: number });
}
