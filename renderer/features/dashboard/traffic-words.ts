/**
 * Traffic as the platform reports it, read as kbit/s: the spec leaves the unit open, and the vendor's media server
 * settings state incoming traffic in Kbps ("Incoming traffic limit, Kbps",
 * https://docs.aipix.ai/en/start/aipix-24.09/view-and-edit-media-server). Shown in the unit that keeps the number
 * short: 8,837,277 kbit/s reads "8.84 Gbit/s".
 */
export type TrafficUnit = 'kbps' | 'mbps' | 'gbps';

export function trafficParts(kbps: number): { amount: number; unit: TrafficUnit; fractionDigits: number } {
  const abs = Math.abs(kbps);
  if (abs >= 1_000_000) return { amount: kbps / 1_000_000, unit: 'gbps', fractionDigits: 2 };
  if (abs >= 1_000) return { amount: kbps / 1_000, unit: 'mbps', fractionDigits: abs >= 100_000 ? 0 : 1 };
  return { amount: kbps, unit: 'kbps', fractionDigits: 0 };
}
