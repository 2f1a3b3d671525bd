import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { HistoryState } from '../../../../renderer/features/tokens/history-state.svelte';
import { IssueState } from '../../../../renderer/features/tokens/issue-state.svelte';
import { connectedApi, savedFiles, type ConnectedApi } from '../connected-api';

describe.skipIf(!hasDbus)('HistoryState over the real main process and the simulator', () => {
  let under: ConnectedApi;
  let streams: string[];
  beforeEach(async () => {
    under = await connectedApi('ui-history', { profile: true });
    streams = under.privateStreams().slice(0, 3);
    const issue = new IssueState(under.api);
    for (const stream of streams) await issue.streamToken({ stream, live: true, ttl: 600, note: `note ${stream}` });
  });
  afterEach(async () => {
    await under.close();
  });

  it('lists the issued tokens newest first with the counts and recent streams, and searches them', async () => {
    const history = new HistoryState(under.api);
    await history.load();
    expect(history.error).toBeNull();
    expect(history.loading).toBe(false);
    expect(history.total).toBe(3);
    expect(history.entries.map((entry) => entry.stream)).toEqual([...streams].reverse());
    expect(history.recentStreams.slice(0, 3)).toEqual([...streams].reverse());
    history.search = streams[1]!;
    await history.load();
    expect(history.matched).toBe(1);
    expect(history.entries.map((entry) => entry.stream)).toEqual([streams[1]]);
  });

  it('exports the chosen tokens as a file, keeps a new note, and clears the history', async () => {
    const files = savedFiles();
    const history = new HistoryState(under.api, files.save);
    await history.load();
    const [first, second] = history.entries;
    history.toggle(first!.id, true);
    history.toggle(second!.id, true);
    history.toggle(second!.id, false);
    expect([...history.selected]).toEqual([first!.id]);
    expect(await history.exportSelected()).toBeNull();
    expect(files.files[0]!.text).toContain(first!.token!);
    expect(files.files[0]!.text).not.toContain(second!.token!);

    expect(await history.setNote(first!.id, 'handed to the night shift')).toBeNull();
    expect(history.entries[0]!.note).toBe('handed to the night shift');

    history.selectAll(true);
    expect(history.selected.size).toBe(3);
    expect(await history.clear()).toBeNull();
    expect(history.total).toBe(0);
    expect(history.selected.size).toBe(0);
  });
});
