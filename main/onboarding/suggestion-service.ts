import type { CameraCreateRequest, CameraTemplate, KnownPlacement, Suggestions } from '../../preload/contract/onboarding';
import type { Connections } from '../app/connections';

/** At most this many of each kind are suggested. */
const SUGGESTIONS = 20;

type Placement = { by: 'id' | 'key'; value: string };

/** Tree elements, folders and services from created cameras first (newest first), then from templates. */
export function suggestionsFrom(recent: CameraCreateRequest[], saved: CameraTemplate[]): Omit<Suggestions, 'demoPlacements'> {
  const groups = new Map<string, Placement>();
  const folders = new Map<string, Placement>();
  const servicesSeen = new Set<string>();
  const add = (request: Partial<CameraCreateRequest>) => {
    if (request.group_id !== undefined) groups.set(`id:${request.group_id}`, { by: 'id', value: String(request.group_id) });
    if (request.group_external_id !== undefined) groups.set(`key:${request.group_external_id}`, { by: 'key', value: String(request.group_external_id) });
    if (request.folder_id !== undefined) folders.set(`id:${request.folder_id}`, { by: 'id', value: String(request.folder_id) });
    if (request.folder_key !== undefined) folders.set(`key:${request.folder_key}`, { by: 'key', value: String(request.folder_key) });
    if (request.service) servicesSeen.add(request.service);
  };
  for (const request of recent.slice().reverse()) add(request);
  for (const template of saved) add(template.values);
  return {
    groups: [...groups.values()].slice(0, SUGGESTIONS),
    folders: [...folders.values()].slice(0, SUGGESTIONS),
    services: [...servicesSeen].slice(0, SUGGESTIONS),
  };
}

export interface SuggestionSources {
  /** Requests of the latest created cameras, newest last. */
  recent(): Promise<CameraCreateRequest[]>;
  templates(): Promise<CameraTemplate[]>;
  connections: Pick<Connections, 'active'>;
  /** The built-in demo server's tree elements and folders, when it runs. */
  demoPlacements?: (() => KnownPlacement[]) | undefined;
}

/**
 * What the wizard offers for placement and service: only values the server accepted (a create succeeded) or the
 * installer saved on purpose (a template), and the demo server's own tree while it is the active server.
 */
export function createSuggestionService(sources: SuggestionSources) {
  async function demoPlacements(): Promise<KnownPlacement[]> {
    if (!sources.demoPlacements) return [];
    const active = await sources.connections.active().catch(() => null);
    return active?.profile.kind === 'demo' ? sources.demoPlacements() : [];
  }
  return {
    async suggestions(): Promise<Suggestions> {
      const [recent, saved, demo] = await Promise.all([sources.recent(), sources.templates().catch(() => []), demoPlacements()]);
      return { ...suggestionsFrom(recent, saved), demoPlacements: demo };
    },
  };
}
