import { z } from 'zod';
import { Random } from './prng';
import { generateAgents } from './seed/agents';
import type { AgentDevice } from './seed/types';
import type { SimulatorState } from './state';
import type { SimClock } from './clock';
import { formatMicroIso } from './time-format';
import { behave, type AgentBehaviour, type BehaviourRecord } from './agent-behaviour';

/**
 * Changing camera-agent devices from tests: add generated devices (a watch list of hundreds) and change one device's
 * state (online, version, storage fill, stream status) so rules can be seen raising and clearing alerts.
 * Used in-process (`sim.agents`) and over HTTP (`POST /_sim/agents`, `PATCH /_sim/agents/{id}`).
 */
export const MAX_ADDED_AGENTS = 10_000;

export const addAgentsSchema = z.object({ count: z.int().min(1).max(MAX_ADDED_AGENTS) });

export const agentPatchSchema = z
  .object({
    is_online: z.boolean(),
    version: z.string().min(1),
    status: z.string().min(1),
    last_updated_at: z.string().nullable(),
    /** Sets every storage's usage to this share of its capacity (0..100; the simulator never exceeds capacity). */
    storage_percent: z.number().min(0).max(100),
    storages: z.array(z.object({ id: z.int(), path: z.string(), usage: z.number(), capacity: z.number() })),
    /** Sets every stream's status (null = not reported, as the spec has seen). */
    stream_status: z.string().nullable(),
  })
  .partial()
  .strict();
export type AgentPatch = z.infer<typeof agentPatchSchema>;

export interface AgentControls {
  /** Adds `count` generated devices after the highest id; returns their ids. */
  add(count: number): number[];
  /** Applies the patch and stamps `updated_at` with the simulator's clock; null when no such device exists. */
  update(id: number, patch: AgentPatch): AgentDevice | null;
  /** Sets how devices behave from now on (flap, offline, silent, fill; steady ends it); returns the ids found. */
  setBehaviour(ids: readonly number[], behaviour: AgentBehaviour): number[];
  /** The device as a reader sees it now (its behaviour applied), 'silent' when it does not answer, undefined when unknown. */
  read(id: number): AgentDevice | 'silent' | undefined;
  /** Ends every behaviour (the simulator's reset). */
  forgetBehaviours(): void;
}

export function createAgentControls(state: SimulatorState, clock: SimClock, seed: number): AgentControls {
  // Kept beside the state, not in it: the state's snapshot stays what the platform stores.
  const behaviours = new Map<number, BehaviourRecord>();
  return {
    setBehaviour(ids, behaviour) {
      const found = ids.filter((id) => state.agents.has(id));
      const since = clock.now();
      for (const id of found) {
        if (behaviour.kind === 'steady') behaviours.delete(id);
        else behaviours.set(id, { behaviour, since });
      }
      state.revision += 1;
      return found;
    },

    forgetBehaviours() {
      behaviours.clear();
    },

    read(id) {
      const device = state.agents.get(id);
      return device === undefined ? undefined : behave(device, behaviours.get(id), clock.now());
    },

    add(count) {
      const existing = state.agents.size;
      const lastId = Math.max(0, ...state.agents.keys());
      const added = generateAgents(new Random(seed * 31 + existing + 7), clock.now(), state.tree, state.leafIds, {
        count,
        firstId: lastId + 1,
        indexOffset: existing,
      });
      for (const agent of added) state.agents.set(agent.id, agent);
      state.revision += 1;
      return added.map((a) => a.id);
    },

    update(id, patch) {
      const device = state.agents.get(id);
      if (!device) return null;
      const { storage_percent, stream_status, storages, ...plain } = patch;
      const next: AgentDevice = { ...device, ...plain, updated_at: formatMicroIso(clock.now()) };
      if (storages) next.storages = storages;
      if (storage_percent !== undefined) {
        next.storages = next.storages.map((s) => ({ ...s, usage: Math.round(s.capacity * storage_percent) / 100 }));
      }
      if (stream_status !== undefined) {
        next.camera = { ...next.camera, streams: next.camera.streams.map((s) => ({ ...s, status: stream_status })) };
      }
      state.agents.set(id, next);
      state.revision += 1;
      return next;
    },
  };
}
