import type { AgentControls } from './agent-controls';
import type { SimClock } from './clock';
import type { FaultEngine } from './faults';
import type { SimulatorState } from './state';
import type { TokenFactory } from './token-factory';

/** Answer shapes that differ between documented platform versions (see SimulatorOptions.answers). */
export interface AnswerShapes {
  apiToken: 'string' | 'object';
  accessToken: 'string' | 'object';
  taskUpdate: 'no-content' | 'stream-uid';
}

/** Settings the handlers read, resolved from SimulatorOptions with defaults applied. */
export interface ResolvedSettings {
  seed: number;
  hooks: boolean;
  localAddresses: ReadonlySet<string>;
  acceptCreateAccessToken: boolean;
  /** How many entries the dashboard's mediaservers.top_by_bitrate holds (default 5). */
  topMediaServers: number;
  answers: AnswerShapes;
}

/** Everything a handler may touch. One per running simulator. */
export interface SimContext {
  settings: ResolvedSettings;
  state: SimulatorState;
  clock: SimClock;
  tokens: TokenFactory;
  faults: FaultEngine;
  /** Adds devices and changes their state (tests, the /_sim/agents hooks). */
  agents: AgentControls;
  /** Back to the seeded state (data, tokens, clock offset, faults). */
  reset(): void;
}
