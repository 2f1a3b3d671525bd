import { z } from 'zod';
import type { SimContext } from '../context';
import { jsonReply, messageError, noContent, validationError, type Reply } from '../http/reply';
import { readJsonObject, validateBody, type SimRequest } from '../http/request';
import { fieldErrorsFromIssues } from '../validation-messages';
import { addAgentsSchema, agentPatchSchema } from '../agent-controls';
import { behaveSchema } from '../agent-behaviour';

const AGENT_HOOK = /^\/_sim\/agents\/(\d+)$/;

const clockAdvanceSchema = z.object({ advanceMs: z.int().min(0) });

/** A JSON view of the state for tests that run in another process. API token values are left out. */
function stateSnapshot(ctx: SimContext): Record<string, unknown> {
  const { state, clock } = ctx;
  return {
    seed: ctx.settings.seed,
    clock: { now: new Date(clock.now()).toISOString(), advancedMs: clock.advancedMs },
    tree: state.tree,
    folders: state.folders,
    streams: [...state.streams.values()],
    agents: [...state.agents.values()],
    agentShapes: state.agentShapes,
    tasks: [...state.tasks.values()],
    deletedTasks: state.deletedTasks,
    issuedStreamTokens: state.issuedStreamTokens,
    accessTokens: state.accessTokens,
    createdCameras: state.createdCameras,
    apiTokens: [...state.apiTokens.values()].map(({ token: _token, ...rest }) => rest),
    faults: ctx.faults.list(),
  };
}

/** /_sim/* — test hooks. The caller (router) has already checked that hooks are enabled. */
export function handleSimHook(req: SimRequest, ctx: SimContext): Reply {
  const key = `${req.method} ${req.path}`;
  switch (key) {
    case 'GET /_sim/state':
      return jsonReply(200, stateSnapshot(ctx));
    case 'POST /_sim/reset':
      ctx.reset();
      return noContent();
    case 'GET /_sim/faults':
      return jsonReply(200, ctx.faults.list());
    case 'POST /_sim/faults': {
      const body = readJsonObject(req);
      if (!body.ok) return body.reply;
      const malformed = ctx.faults.tryAdd(body.value);
      if (malformed) return validationError(req, fieldErrorsFromIssues(malformed, body.value));
      return jsonReply(201, ctx.faults.list());
    }
    case 'DELETE /_sim/faults':
      ctx.faults.clear();
      return noContent();
    case 'POST /_sim/clock': {
      const body = validateBody(req, clockAdvanceSchema);
      if (!body.ok) return body.reply;
      ctx.clock.advance(body.value.advanceMs);
      return jsonReply(200, { now: new Date(ctx.clock.now()).toISOString(), advancedMs: ctx.clock.advancedMs });
    }
    case 'POST /_sim/agents': {
      const body = validateBody(req, addAgentsSchema);
      if (!body.ok) return body.reply;
      return jsonReply(201, { ids: ctx.agents.add(body.value.count) });
    }
    case 'POST /_sim/agents/behaviour': {
      // Devices flap, go offline, stop answering or fill their disks; push the clock to play out days.
      const body = validateBody(req, behaveSchema);
      if (!body.ok) return body.reply;
      return jsonReply(200, { ids: ctx.agents.setBehaviour(body.value.ids, body.value.behaviour) });
    }
    default:
      return agentHook(req, ctx) ?? messageError(req, 404, `No simulator hook ${key}.`);
  }
}

/** PATCH /_sim/agents/{id}: changes one device's state (see agent-controls.ts); null when the path is not this hook. */
function agentHook(req: SimRequest, ctx: SimContext): Reply | null {
  const match = AGENT_HOOK.exec(req.path);
  if (!match || req.method !== 'PATCH') return null;
  const body = validateBody(req, agentPatchSchema);
  if (!body.ok) return body.reply;
  const device = ctx.agents.update(Number(match[1]), body.value);
  return device ? jsonReply(200, device) : messageError(req, 404, `Camera agent ${match[1]} not found.`);
}
