import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LookupState } from '../../../../renderer/features/agents/lookup-state.svelte';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { openAgentsPage, until, type AgentsPage } from './agents-page';

describe.skipIf(!hasDbus)('LookupState over the real main process and the simulator', () => {
  let page: AgentsPage;
  let lookup: LookupState;
  beforeEach(async () => {
    page = await openAgentsPage('lookup-state');
    lookup = new LookupState(page.api);
  });
  afterEach(() => page.close());

  const firstId = () => String([...page.sim.state.agents.keys()][0]);

  it('opens a device by number: the device, when it answered, and the recent look-ups', async () => {
    const id = firstId();
    await lookup.open(` ${id} `);
    expect(lookup.busy).toBe(false);
    expect(lookup.id).toBe(id);
    expect(lookup.snapshot?.device.name).toBe(page.sim.state.agents.get(Number(id))!.name);
    expect(lookup.snapshot?.stale).toBeNull();
    expect(lookup.answeredAt).not.toBeNull();
    expect(lookup.failure).toBeNull();
    await lookup.loadShortcuts();
    expect(lookup.shortcuts.recent.map((r) => r.id)).toEqual([id]);
  });

  it('an unknown number is said next to the field, and no device stays on screen', async () => {
    await lookup.open(firstId());
    let missing = Math.max(...page.sim.state.agents.keys()) + 1000;
    while (page.sim.state.agents.has(missing)) missing += 1;
    await lookup.open(String(missing));
    expect(lookup.snapshot).toBeNull();
    expect(lookup.fieldError ?? lookup.failure?.message).toMatch(/\w+ \w+/);
  });

  it('finds a device seen before by part of its name, and opens it at once by its exact name', async () => {
    const id = firstId();
    await lookup.open(id);
    const name = lookup.snapshot!.device.name;
    const later = new LookupState(page.api); // the screen opened again
    const part = name.slice(0, -2).toLowerCase();
    await later.open(part);
    expect(later.found?.query).toBe(part);
    expect(later.found?.matches.map((m) => m.id)).toContain(id);
    expect(later.snapshot).toBeNull();
    await later.open(name);
    expect(later.snapshot?.id).toBe(id);
    expect(later.found).toBeNull();
  });

  it('pins the device on screen and clears the recent look-ups', async () => {
    const id = firstId();
    await lookup.open(id);
    await lookup.togglePin();
    expect(lookup.snapshot?.pinned).toBe(true);
    expect(lookup.shortcuts.pinned.map((p) => p.id)).toEqual([id]);
    await lookup.clearRecent();
    expect(lookup.shortcuts.recent).toEqual([]);
    expect(lookup.shortcuts.pinned.map((p) => p.id)).toEqual([id]);
    // Cleared by mistake: Undo brings them back, once.
    expect(lookup.undo).toMatchObject({ shown: true, message: 'Recent look-ups cleared.' });
    expect(await lookup.undo.run()).toBe(true);
    expect(lookup.shortcuts.recent.map((r) => r.id)).toEqual([id]);
    const again = await page.api.agents.restoreRecent();
    expect(!again.ok && again.error.kind).toBe('Validation');
  });

  it('the recent look-ups read after a look-up, answered only after a pin, do not take the pin back on screen', async () => {
    const id = firstId();
    // The read that follows a look-up reaches the page only after the pin the operator pressed meanwhile.
    const shortcuts = lateAnswer(page.api.agents.shortcuts);
    const slow: typeof page.api = { ...page.api, agents: { ...page.api.agents, shortcuts: shortcuts.call } };
    const late = new LookupState(slow);
    shortcuts.hold();
    await late.open(id);
    await late.togglePin();
    expect(late.shortcuts.pinned.map((p) => p.id)).toEqual([id]);
    shortcuts.letGo();
    await until(() => shortcuts.answered === 1, 'the read of the look-ups');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late.shortcuts.pinned.map((p) => p.id)).toEqual([id]);
    expect(late.snapshot?.pinned).toBe(true);
  });

  it('a search answered after a later look-up by number leaves that device on screen', async () => {
    const [first, second] = [...page.sim.state.agents.keys()].map(String);
    await lookup.open(first!);
    const name = lookup.snapshot!.device.name;
    const search = lateAnswer(page.api.agents.search);
    const slow: typeof page.api = { ...page.api, agents: { ...page.api.agents, search: search.call } };
    const late = new LookupState(slow);
    search.hold();
    // By its exact name (found alone, it would be opened), then, before that answered, another device by number.
    const searching = late.open(name);
    await late.open(second!);
    expect(late.snapshot?.id).toBe(second);
    search.letGo();
    await searching;
    expect(late.snapshot?.id).toBe(second);
    expect(late.found).toBeNull();
    expect(late.busy).toBe(false);
  });

  it('a refresh when the server is gone keeps the last copy, marked stale with the reason', async () => {
    const id = firstId();
    await lookup.open(id);
    await page.sim.close();
    await lookup.refresh();
    expect(lookup.snapshot?.id).toBe(id);
    expect(lookup.snapshot?.stale?.kind).toBe('Offline');
    expect(lookup.snapshot?.stale?.reason.length).toBeGreaterThan(10);
  });

  it('a look-up cancelled (the operator left) changes nothing on screen', async () => {
    const pending = lookup.open(firstId());
    lookup.cancel();
    await pending;
    expect(lookup.busy).toBe(false);
    expect(lookup.snapshot).toBeNull();
    expect(lookup.failure).toBeNull();
  });
});
