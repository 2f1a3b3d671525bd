/**
 * Names only, no schemas: what the Electron preload needs at run time. The preload bundle gets the channel and event
 * names injected at build time (vite.preload.config.ts computes them from the contract), so it carries no zod.
 */

/** Electron IPC channel prefix: the preload passes only channels with this prefix, main registers only these. */
export const ipcPrefix = 'watchdesk:';
/** The one-way message the preload sends to cancel a call by its id. */
export const ipcCancelChannel = 'watchdesk-cancel';
/** Events arrive from main on `watchdesk-event:<name>`. */
export const ipcEventPrefix = 'watchdesk-event:';
