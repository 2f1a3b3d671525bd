import type { Channel } from '../../preload/contract/channel';
import type { Handler } from '../ipc/registry';
import type { ChannelName } from '../../preload/contract';
import type { z } from 'zod';

/** The handlers of one feature: exactly the channels its contract module declares, each typed from it. */
export type HandlersFor<Channels extends Record<string, Channel<z.ZodType, unknown>>> = {
  [C in keyof Channels & ChannelName]: Handler<C>;
};

/**
 * The one shape every main feature has: `create<Name>Feature(services)` returns its handlers and, when it holds
 * resources (running batches, timers, sockets), a dispose that releases them on shutdown.
 */
export interface Feature<Channels extends Record<string, Channel<z.ZodType, unknown>>> {
  handlers: HandlersFor<Channels>;
  dispose?(): Promise<void> | void;
}
