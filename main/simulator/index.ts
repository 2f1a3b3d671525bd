import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAgentControls, type AgentControls } from './agent-controls';
import { SimClock } from './clock';
import type { AnswerShapes, SimContext } from './context';
import { FaultEngine, type FaultController } from './faults';
import { issueApiToken } from './http/auth';
import { PERMISSION_CAMERA_AGENTS } from './records';
import { generateSeedData } from './seed';
import { createRequestListener } from './server';
import { SimulatorState } from './state';
import { utcDayStart } from './time-format';
import { TimerSet } from './timers';
import { TokenFactory } from './token-factory';

export interface SimulatorOptions {
  /** Default 42; same seed => same data and same tokens. */
  seed?: number;
  /** Default 0 = a random free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Enable the /_sim/* test hooks (default false: they answer 404). */
  hooks?: boolean;
  /** Remote addresses counted as "local" by the API token endpoint. */
  localAddresses?: string[];
  /** Serve https with this key and certificate instead of http. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** One line per request (the standalone CLI prints them). Lines never contain token values. */
  onRequest?: (line: string) => void;
  /** Accept Auth.CreateAccessToken as an alias of Auth.CreateApiToken (spec: not shown). Default false. */
  acceptCreateAccessToken?: boolean;
  /** The clock tokens expire against and dashboard periods are computed from. Default Date.now. */
  now?: () => number;
  /**
   * The UTC midnight that seeded timestamps are laid out from. Default: the day `now()` falls on at start, so
   * the dashboard shows recent activity; pass a fixed value for byte-identical data on any day.
   */
  anchorMs?: number;
  /**
   * Which documented answer shape to give where the vendor's documentation versions differ (README, "Sources").
   * `apiToken`: `'string'` (default; 24.03 documents "a JSON string with the API access token") or `'object'`
   * (`{token, client, duration, expires_at}`, the shape this simulator gave before). `accessToken` (operation 3):
   * `'string'` (default; 23.09 and 24.03 document "a JSON string with the token") or `'object'`
   * (`{token, uid, user, duration, expires_at}`, the shape this simulator gave before). `taskUpdate`: `'no-content'`
   * (default; the spec's 204) or `'stream-uid'` (23.09 documents 200 with the stream's identifier).
   */
  answers?: Partial<AnswerShapes>;
  /** How many media servers the platform has (default 24); the first 24 are the same for any larger count. */
  mediaServers?: number;
  /**
   * How many entries the dashboard's `mediaservers.top_by_bitrate` holds (default 5, highest traffic_out first).
   * `{ mediaServers: 10_000, topMediaServers: 10_000 }` serves the 10,000-row dashboard the benches load.
   */
  topMediaServers?: number;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  baseUrl: string;
  port: number;
  /** A ready API access token: unlimited duration, every permission including camera-agents. */
  apiToken: string;
  /** A valid API token without the camera-agents permission (the camera-agent view answers 403 for it). */
  limitedToken: string;
  /** Live in-memory state; read it in tests. */
  state: SimulatorState;
  /** add(rule) / clear(); same as the /_sim/faults hook. */
  faults: FaultController;
  /** add(count) / update(id, patch); same as the /_sim/agents hooks. */
  agents: AgentControls;
  /** Pushes the simulator's clock forward (as POST /_sim/clock): device behaviours play out, tokens expire. */
  advanceClock(ms: number): void;
  /** Back to the seeded state: data, issued tokens, clock offset and fault rules. */
  reset(): void;
  /** Closes the server and every socket promptly, cancelling pending fault timers. */
  close(): Promise<void>;
}

const DEFAULT_LOCAL_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** Starts a platform simulator on loopback (see main/simulator/README.md for its behaviour and choices). */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = options.seed ?? 42;
  const clock = new SimClock(options.now ?? Date.now);
  const anchorMs = options.anchorMs ?? utcDayStart(clock.now());
  const state = new SimulatorState();
  const tokens = new TokenFactory(seed);
  const faults = new FaultEngine(seed);
  let apiToken = '';
  let limitedToken = '';

  const ctx: SimContext = {
    settings: {
      seed,
      hooks: options.hooks ?? false,
      localAddresses: new Set(options.localAddresses ?? DEFAULT_LOCAL_ADDRESSES),
      acceptCreateAccessToken: options.acceptCreateAccessToken ?? false,
      topMediaServers: options.topMediaServers ?? 5,
      answers: {
        apiToken: options.answers?.apiToken ?? 'string',
        accessToken: options.answers?.accessToken ?? 'string',
        taskUpdate: options.answers?.taskUpdate ?? 'no-content',
      },
    },
    state,
    clock,
    tokens,
    faults,
    agents: createAgentControls(state, clock, seed),
    reset() {
      ctx.agents.forgetBehaviours();
      clock.reset();
      tokens.reset();
      faults.clear();
      state.load(generateSeedData(seed, anchorMs, { mediaServers: options.mediaServers }));
      // Issued in a fixed order right after the counters reset, so both values survive a reset unchanged.
      apiToken = issueApiToken(ctx, 'watchdesk-simulator', 0, [PERMISSION_CAMERA_AGENTS]).token;
      limitedToken = issueApiToken(ctx, 'watchdesk-simulator-limited', 0, []).token;
    },
  };
  ctx.reset();

  const timers = new TimerSet();
  const listener = createRequestListener(ctx, { timers, onRequest: options.onRequest });
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  server.keepAliveTimeout = 5_000;

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${urlHost}:${port}`,
    port,
    get apiToken() {
      return apiToken;
    },
    get limitedToken() {
      return limitedToken;
    },
    state,
    faults,
    agents: ctx.agents,
    advanceClock: (ms) => clock.advance(ms),
    reset: () => ctx.reset(),
    close: () =>
      new Promise<void>((resolve) => {
        timers.clearAll();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type { FaultController } from './faults';
export { SimulatorState } from './state';
export type { AgentControls } from './agent-controls';
export * from './seed/types';
export * from './records';
export { generateSeedData, agentShapes, SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN } from './seed';
