import type { z } from 'zod';
import type { Channel } from './channel';
import type { EventChannel } from './event';
import type { Result } from './app-error';
import { aboutChannels } from './about';
import { agentsChannels, agentsEvents } from './agents';
import { analyticsChannels } from './analytics';
import { connectChannels, connectEvents } from './connect';
import { tokenChannels, tokenEvents } from './tokens';
import { onboardingChannels, onboardingEvents } from './onboarding';
import { dashboardChannels, dashboardEvents } from './dashboard';
import { supportChannels, supportEvents } from './support';
import { eventStreamEvents } from './event-stream';

/**
 * The one contract between the renderer and main. Channel names are `namespace.method`; the preload bridge, the
 * main handler registry, the web host and the renderer's types are all derived from this object.
 */
export const contract = {
  ...aboutChannels,
  ...analyticsChannels,
  ...connectChannels,
  ...tokenChannels,
  ...onboardingChannels,
  ...dashboardChannels,
  ...agentsChannels,
  ...supportChannels,
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export const channelNames = Object.keys(contract) as ChannelName[];

export function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** Every event main pushes to the renderer, by name: one line per feature that declares events. */
export const events = {
  ...connectEvents,
  ...tokenEvents,
  ...onboardingEvents,
  ...agentsEvents,
  ...dashboardEvents,
  ...supportEvents,
  ...eventStreamEvents,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export const eventNames = Object.keys(events) as EventName[];
export type EventPayload<E extends EventName> = Events[E] extends EventChannel<infer P> ? P : never;

type InputSchemaOf<C extends ChannelName> = Contract[C]['input'];
/** What a caller passes (before defaults are applied). */
export type InputOf<C extends ChannelName> = z.input<InputSchemaOf<C>>;
/** What a handler receives (after parsing). */
export type ParsedInputOf<C extends ChannelName> = z.output<InputSchemaOf<C>>;
export type OutputOf<C extends ChannelName> = Contract[C] extends Channel<z.ZodType, infer O> ? O : never;

type NamespaceOf<C extends string> = C extends `${infer N}.${string}` ? N : never;

/** Per-call options: `signal` cancels the call (it then resolves `{ ok: false, error: { kind: 'Cancelled' } }`). */
export interface CallOptions {
  signal?: AbortSignal;
}

type ArgsOf<C extends ChannelName> = undefined extends InputOf<C>
  ? [input?: InputOf<C>, options?: CallOptions]
  : [input: InputOf<C>, options?: CallOptions];

export type EventHandler<E extends EventName> = (payload: EventPayload<E>) => void;

/**
 * The renderer's `api`: `api.<namespace>.<method>(input, { signal })` resolves to a Result, never rejects;
 * `api.on(event, handler)` subscribes to an event main pushes and returns the unsubscribe function.
 */
export type Bridge = {
  [N in NamespaceOf<ChannelName>]: {
    [C in ChannelName as C extends `${N}.${infer M}` ? M : never]: (...args: ArgsOf<C>) => Promise<Result<OutputOf<C>>>;
  };
} & {
  on<E extends EventName>(name: E, handler: EventHandler<E>): () => void;
};

export { ipcPrefix, ipcCancelChannel, ipcEventPrefix } from './names';
