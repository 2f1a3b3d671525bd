import { Random } from '../prng';
import { generateAgents } from './agents';
import { applyAgentShapes } from './agent-shapes';
import { generateCameras } from './cameras';
import { generateMediaServers, MEDIA_SERVER_COUNT } from './media-servers';
import { generateTasks } from './tasks';
import { generateTree } from './tree';
import type { SeedData } from './types';
import { generateUsers } from './users';

/**
 * Everything the platform "already has" for one seed. Each part draws from its own stream (seed + offset), so
 * adding a field to one generator does not reshuffle the others.
 * `anchorMs` is the UTC midnight all relative dates hang from (see README: seeded timestamps).
 * `options.mediaServers` grows the media-server fleet (default 24) for tests and benches of large dashboards.
 */
export function generateSeedData(seed: number, anchorMs: number, options: { mediaServers?: number } = {}): SeedData {
  const mediaServerCount = options.mediaServers ?? MEDIA_SERVER_COUNT;
  const { tree, folders, leafIds } = generateTree(new Random(seed + 1));
  const mediaServers = generateMediaServers(new Random(seed + 2), anchorMs, mediaServerCount);
  const { cameras, streams } = generateCameras(new Random(seed + 3), anchorMs, tree, leafIds, mediaServerCount);
  const { agents, shapes: agentShapes } = applyAgentShapes(generateAgents(new Random(seed + 4), anchorMs, tree, leafIds));
  const users = generateUsers(new Random(seed + 5), anchorMs);
  const tasks = generateTasks(new Random(seed + 6), anchorMs, streams);
  return { tree, folders, leafIds, cameras, streams, agents, agentShapes, mediaServers, users, tasks };
}

export * from './types';
export { agentShapes, SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN } from './agent-shapes';
