import { Router } from './router-state.svelte';

/** The page's router, over the window's own hash. */
export const router = new Router(window);
