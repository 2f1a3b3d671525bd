import { describe, expect, it } from 'vitest';
import { Router, type HashHost } from '../../../../renderer/lib/router-state.svelte';

/** A window's hash and its hashchange event (a real EventTarget), as the back button or a typed address change them. */
function pageAt(hash: string): HashHost & { navigate(hash: string): void } {
  const target = new EventTarget();
  const location = { hash };
  return {
    location,
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    navigate(next) {
      location.hash = next;
      target.dispatchEvent(new Event('hashchange'));
    },
  };
}

describe('Router', () => {
  it('opens on the screen the address names, and on Connect for an empty or unknown one', () => {
    expect(new Router(pageAt('#/tokens')).current).toBe('tokens');
    expect(new Router(pageAt('#/dashboard/today')).current).toBe('dashboard');
    expect(new Router(pageAt('')).current).toBe('connect');
    expect(new Router(pageAt('#/no-such-screen')).current).toBe('connect');
  });

  it('going to a screen puts it in the address (so a reload comes back to it)', () => {
    const page = pageAt('');
    const router = new Router(page);
    router.go('analytics');
    expect(router.current).toBe('analytics');
    expect(page.location.hash).toBe('#/analytics');
    expect(new Router(page).current).toBe('analytics');
  });

  it('follows the back button and addresses typed by hand', () => {
    const page = pageAt('#/about');
    const router = new Router(page);
    page.navigate('#/agents');
    expect(router.current).toBe('agents');
    page.navigate('#/nowhere');
    expect(router.current).toBe('connect');
  });
});
