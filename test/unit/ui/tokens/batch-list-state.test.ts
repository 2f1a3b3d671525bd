import { describe, expect, it, vi } from 'vitest';
import { BatchListState } from '../../../../renderer/features/tokens/batch-list-state.svelte';
import { checkBatchText, type BatchCheck, type BatchCheckProgress } from '../../../../renderer/features/tokens/batch-check';
import { messageInWords } from '../../../../preload/contract/messages/message-words';
import { t } from '../../../../renderer/lib/i18n.svelte';

/** Runs the check on the test's thread (no Worker in Node), reporting progress as the worker would. */
const here = (text: string, options: { onProgress: (progress: BatchCheckProgress) => void }): Promise<BatchCheck> => Promise.resolve(checkBatchText(text, options.onProgress));

describe('BatchListState (the batch form\'s pasted list)', () => {
  it('counts the tokens a pasted list makes, once per stream, with what parsing did', async () => {
    const list = new BatchListState();
    list.changed('cam-1\ncam-2\ncam-1\n# lobby\n');
    expect(list.checking).toBe(true);
    await vi.waitFor(() => expect(list.checking).toBe(false));
    expect(list.streamCount).toBe(2);
    expect(list.check?.notes.map((note) => messageInWords(note, t))).toEqual(['1 duplicate uid was listed more than once; each stream gets one token.']);
    // Row by row: the repeat names the line it repeats, and gets no token of its own.
    expect(list.check?.uids).toEqual(['cam-1', 'cam-2', 'cam-1']);
    expect([...list.check!.lines]).toEqual([1, 2, 3]);
    expect([...list.check!.repeats]).toEqual([0, 0, 1]);
    expect(list.asList).toBe(false);
  });

  it('says why a list cannot be used, naming its bad lines', async () => {
    const list = new BatchListState(here);
    list.changed('cam-1\ncam 2\n');
    await vi.waitFor(() => expect(list.check).not.toBeNull());
    expect(list.streamCount).toBeNull();
    expect(messageInWords(list.check?.problem ?? '', t)).toMatch(/line 2 \(“cam 2”\)/);
    expect(list.check?.problems.map(([row, key]) => [row, messageInWords(key, t)])).toEqual([[1, 'A stream uid has no spaces or line breaks.']]);
  });

  it('shows a long paste as its checked rows, checked at once, until the operator edits it as text or empties it', async () => {
    const list = new BatchListState(here);
    list.pastedLong(Array.from({ length: 2_500 }, (_, i) => `cam-${i % 2_000}`).join('\n'));
    expect(list.asList).toBe(true);
    await vi.waitFor(() => expect(list.streamCount).toBe(2_000));
    expect(list.check?.uids).toHaveLength(2_500);
    expect(list.check?.repeats.filter((line) => line !== 0)).toHaveLength(500);
    list.editAsText();
    expect(list.asList).toBe(false);
    list.pastedLong('cam-1\ncam-2');
    list.changed('');
    expect(list.asList).toBe(false);
    expect(list.check).toBeNull();
  });

  it('reports how far a long list is checked, and drops the check of a text replaced meanwhile', async () => {
    const seen: BatchCheckProgress[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async (text: string, options: { onProgress: (progress: BatchCheckProgress) => void; signal: AbortSignal }): Promise<BatchCheck> => {
      const check = checkBatchText(text, (progress) => {
        seen.push(progress);
        options.onProgress(progress);
      });
      await gate;
      return check;
    };
    const list = new BatchListState(slow);
    const uids = Array.from({ length: 3_000 }, (_, i) => `cam-${i}`);
    list.changed(uids.join('\n'));
    await vi.waitFor(() => expect(list.progress).toEqual({ checked: 3_000, total: 3_000 }));
    expect(seen.map((progress) => progress.checked)).toEqual([1_000, 2_000, 3_000]);
    list.changed(uids.slice(0, 10).join('\n'));
    expect(list.progress).toBeNull();
    release();
    await vi.waitFor(() => expect(list.checking).toBe(false));
    expect(list.streamCount).toBe(10);
    list.dispose();
  });

  it('forgets the check once the field is emptied', async () => {
    const list = new BatchListState(here);
    list.changed('cam-1');
    await vi.waitFor(() => expect(list.streamCount).toBe(1));
    list.changed('  ');
    expect(list.check).toBeNull();
    expect(list.checking).toBe(false);
  });
});
