/** The console's screens, in navigation order. `key` is also the URL hash (#/key). */
export const screens = [
  { key: 'connect', label: 'Connect', hint: 'Servers and API tokens' },
  { key: 'tokens', label: 'Stream tokens', hint: 'Issue playback tokens' },
  { key: 'onboarding', label: 'Onboarding', hint: 'Add cameras, outbox' },
  { key: 'agents', label: 'Agents', hint: 'Camera-agent devices' },
  { key: 'dashboard', label: 'Dashboard', hint: 'Platform statistics' },
  { key: 'analytics', label: 'Analytics', hint: 'Analytics tasks' },
  { key: 'about', label: 'About', hint: 'Versions and keychain' },
] as const;

export type ScreenKey = (typeof screens)[number]['key'];

export function isScreenKey(value: string): value is ScreenKey {
  return screens.some((screen) => screen.key === value);
}
