import { api } from '../../lib/api';
import { OutboxState } from './outbox-state.svelte';

/** The one outbox state the header's sync indicator and the Onboarding screen share, over the page's bridge. */
export const outbox = new OutboxState(api);
