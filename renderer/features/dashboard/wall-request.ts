/**
 * A console started for a wall (`npm run web -- --wall`, `npm start -- --wall`) opens at `#/dashboard/wall`:
 * `#/dashboard/wall/<seconds>` sets how long each step shows, and `?servers=<profile id>,…&views=figures,charts`
 * chooses what the wall rotates through (every saved server, both views together, when not given). A reload (a kiosk
 * browser restarting) comes back to the same wall.
 */
export const WALL_REFRESH_SECONDS = 30;
export const MIN_WALL_REFRESH_SECONDS = 5;

export const wallViews = ['figures', 'charts'] as const;
export type WallViewName = (typeof wallViews)[number];

export interface WallRequest {
  refreshSeconds: number;
  /** Profile ids to rotate through, in order; null: every saved server. */
  servers: string[] | null;
  /** Views shown one after the other; both together when this holds both and `rotateViews` is false. */
  views: WallViewName[];
  rotateViews: boolean;
}

export function wallRequest(hash: string): WallRequest | null {
  const match = /^#\/dashboard\/wall(?:\/(\d+))?\/?(?:\?(.*))?$/.exec(hash);
  if (!match) return null;
  const seconds = match[1] === undefined ? WALL_REFRESH_SECONDS : Number(match[1]);
  const query = new URLSearchParams(match[2] ?? '');
  const servers = query.get('servers')?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
  const asked = query.get('views')?.split(',').filter((v): v is WallViewName => (wallViews as readonly string[]).includes(v)) ?? [];
  return {
    refreshSeconds: Math.min(3600, Math.max(MIN_WALL_REFRESH_SECONDS, seconds)),
    servers: servers && servers.length > 0 ? servers : null,
    views: asked.length > 0 ? asked : [...wallViews],
    rotateViews: asked.length > 0,
  };
}

export interface WallSlide {
  profileId: string;
  /** null: every view at once. */
  view: WallViewName | null;
}

/** The steps the wall shows in turn: each chosen server (that still exists), with each view or all at once. */
export function wallSlides(request: Pick<WallRequest, 'servers' | 'views' | 'rotateViews'>, savedServers: readonly string[], current: string | undefined): WallSlide[] {
  const servers = (request.servers ?? savedServers).filter((id) => savedServers.includes(id));
  const chosen = servers.length > 0 ? servers : current ? [current] : [];
  const views: Array<WallViewName | null> = request.rotateViews ? request.views : [null];
  return chosen.flatMap((profileId) => views.map((view) => ({ profileId, view })));
}
