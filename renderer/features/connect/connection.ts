import { api } from '../../lib/api';
import { ConnectionState } from './connection-state.svelte';

/** The page's one view of the active server's health: the header's badge shows it, Connect refreshes it. */
export const connection = new ConnectionState(api);
