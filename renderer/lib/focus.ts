import { tick } from 'svelte';

/** Moves focus to the first field marked invalid inside `container` (a CSS selector), once the DOM shows the errors. */
export async function focusFirstInvalid(container: string): Promise<void> {
  await tick();
  document.querySelector<HTMLElement>(`${container} [aria-invalid="true"]`)?.focus();
}
