/** What the time-zone warm-up touched, and how long it took (the first use's cost, paid while the page was idle). */
export interface TimeZoneWarmth {
  zone: string;
  zones: number;
  ms: number;
}

/**
 * Touches the time-zone data the DVR window and the dashboard period read, so their first lookup finds it loaded:
 * the first `Intl.DateTimeFormat` of a page loads the zone data (18-340 ms measured in Chromium here, the DVR
 * window's first lookup was 81 ms of a click), and the first format in another language loads that language's data
 * (about 20 ms for Russian). Then the system zone's offset as @date-fns/tz reads it (`longOffset`, en-US), a date in
 * the operator's language, and the list of zones the dashboard offers.
 */
export function warmTimeZones(language: string, now = new Date()): TimeZoneWarmth {
  const started = performance.now();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(now);
  new Intl.DateTimeFormat(language, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(now);
  const zones = Intl.supportedValuesOf('timeZone').length;
  return { zone, zones, ms: Math.round(performance.now() - started) };
}
