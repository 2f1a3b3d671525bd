import type { z } from 'zod';
import type { Channel } from './channel';
import type { Result } from './app-error';
import { aboutChannels } from './about';
import { analyticsChannels } from './analytics';
import { connectChannels } from './connect';
import { tokenChannels } from './tokens';

/**
 * The one contract between the renderer and main. Channel names are `namespace.method`; the preload bridge, the
 * main handler registry, the web host and the renderer's types are all derived from this object.
 */
export const contract = {
  ...aboutChannels,
  ...analyticsChannels,
  ...connectChannels,
  ...tokenChannels,
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export const channelNames = Object.keys(contract) as ChannelName[];

export function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

type InputSchemaOf<C extends ChannelName> = Contract[C]['input'];
/** What a caller passes (before defaults are applied). */
export type InputOf<C extends ChannelName> = z.input<InputSchemaOf<C>>;
/** What a handler receives (after parsing). */
export type ParsedInputOf<C extends ChannelName> = z.output<InputSchemaOf<C>>;
export type OutputOf<C extends ChannelName> = Contract[C] extends Channel<z.ZodType, infer O> ? O : never;

type NamespaceOf<C extends string> = C extends `${infer N}.${string}` ? N : never;
type ArgsOf<C extends ChannelName> = undefined extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>];

/** `window.watchdesk`: `bridge.<namespace>.<method>(input)` resolves to a Result, never rejects. */
export type Bridge = {
  [N in NamespaceOf<ChannelName>]: {
    [C in ChannelName as C extends `${N}.${infer M}` ? M : never]: (...args: ArgsOf<C>) => Promise<Result<OutputOf<C>>>;
  };
};

/** Electron IPC channel prefix: the preload passes only channels with this prefix, main registers only these. */
export const ipcPrefix = 'watchdesk:';
