/** The console's screens, in navigation order. `key` is also the URL hash (#/key); labels live in the catalog. */
export const screens = [
  { key: 'connect' },
  { key: 'tokens' },
  { key: 'onboarding' },
  { key: 'agents' },
  { key: 'dashboard' },
  { key: 'analytics' },
  { key: 'about' },
] as const;

export type ScreenKey = (typeof screens)[number]['key'];

export function isScreenKey(value: string): value is ScreenKey {
  return screens.some((screen) => screen.key === value);
}
