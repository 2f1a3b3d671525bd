import type { ApiTokenRecord, CreatedCamera, IssuedAccessToken, IssuedStreamToken } from './records';
import type {
  AgentDevice,
  AnalyticsTask,
  MediaServer,
  PlatformCamera,
  PlatformUser,
  PrivateFolder,
  SeedData,
  StreamEntry,
  TreeElement,
} from './seed/types';

/**
 * The live, in-memory platform. Lookups are precomputed Maps so the hot paths (token issuing, agent view) are
 * O(1); `load` swaps everything at once, so `RunningSimulator.state` stays the same object across resets.
 */
export class SimulatorState {
  tree: TreeElement[] = [];
  treeById = new Map<number, TreeElement>();
  /** Tree element by its external key (as a string: numeric keys are compared as text). */
  treeByKey = new Map<string, TreeElement>();
  folders: PrivateFolder[] = [];
  foldersById = new Map<number, PrivateFolder>();
  foldersByKey = new Map<string, PrivateFolder>();
  streams = new Map<string, StreamEntry>();
  agents = new Map<number, AgentDevice>();
  /** The seeded device of each shape (see seed/agent-shapes.ts). */
  agentShapes = {} as SeedData['agentShapes'];
  leafIds: number[] = [];
  mediaServers: MediaServer[] = [];
  cameras: PlatformCamera[] = [];
  users: PlatformUser[] = [];
  tasks = new Map<string, AnalyticsTask>();
  /** Tasks removed by updates (an update deletes the old task and creates a new one). */
  deletedTasks: AnalyticsTask[] = [];
  /** Camera external ids in use: seeded ones plus those of cameras created through billing. */
  externalIds = new Set<string>();

  apiTokens = new Map<string, ApiTokenRecord>();
  issuedStreamTokens: IssuedStreamToken[] = [];
  accessTokens: IssuedAccessToken[] = [];
  createdCameras: CreatedCamera[] = [];

  /** Bumped on every change the dashboard counts, so its cached indexes know when to rebuild. */
  revision = 0;
  nextCameraId = 1;
  nextTaskId = 1;
  nextApiTokenId = 1;

  load(data: SeedData): void {
    this.tree = data.tree;
    this.treeById = new Map(data.tree.map((el) => [el.id, el]));
    this.treeByKey = new Map(data.tree.map((el) => [el.key, el]));
    this.folders = data.folders;
    this.foldersById = new Map(data.folders.map((f) => [f.id, f]));
    this.foldersByKey = new Map(data.folders.map((f) => [f.key, f]));
    this.streams = new Map(data.streams.map((s) => [s.uid, s]));
    this.agents = new Map(data.agents.map((a) => [a.id, a]));
    this.agentShapes = data.agentShapes;
    this.leafIds = data.leafIds;
    this.mediaServers = data.mediaServers;
    this.cameras = data.cameras;
    this.users = data.users;
    this.tasks = new Map(data.tasks.map((t) => [t.uid, t]));
    this.deletedTasks = [];
    this.externalIds = new Set(data.cameras.flatMap((c) => (c.external_id === null ? [] : [c.external_id])));
    this.apiTokens = new Map();
    this.issuedStreamTokens = [];
    this.accessTokens = [];
    this.createdCameras = [];
    this.revision += 1;
    // Ids handed out later continue after the seeded ones, well clear of agent camera ids (70001+).
    this.nextCameraId = 100_001;
    this.nextTaskId = Math.max(0, ...data.tasks.map((t) => t.id)) + 1;
    this.nextApiTokenId = 1;
  }

  /** Stream tokens issued for one stream (tests use it to prove nothing was issued twice). */
  streamTokensFor(uid: string): IssuedStreamToken[] {
    return this.issuedStreamTokens.filter((t) => t.stream === uid);
  }
}
