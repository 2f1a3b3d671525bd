/**
 * A console started for a wall (`npm run web -- --wall`, `npm start -- --wall`) opens at `#/dashboard/wall`, optionally
 * `#/dashboard/wall/<seconds>` for the refresh: the dashboard goes straight into wall mode, and a reload (a kiosk
 * browser restarting) comes back to it.
 */
export const WALL_REFRESH_SECONDS = 30;
export const MIN_WALL_REFRESH_SECONDS = 5;

export function wallRequest(hash: string): { refreshSeconds: number } | null {
  const match = /^#\/dashboard\/wall(?:\/(\d+))?\/?$/.exec(hash);
  if (!match) return null;
  const seconds = match[1] === undefined ? WALL_REFRESH_SECONDS : Number(match[1]);
  return { refreshSeconds: Math.min(3600, Math.max(MIN_WALL_REFRESH_SECONDS, seconds)) };
}
