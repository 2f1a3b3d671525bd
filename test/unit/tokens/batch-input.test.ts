import { afterEach, describe, expect, it } from 'vitest';
import { BatchInputError, checkBatchRows, parseBatchInput } from '../../../preload/contract/batch-input';
import { messageInWords } from '../../../preload/contract/messages/message-words';
import { setLanguage, t } from '../../../main/shared/i18n';

/** The parse in words, as main and the screen say it. */
function read(text: string): { streams: string[]; notes: string[] } {
  const input = parseBatchInput(text);
  return { streams: input.streams, notes: input.notes.map((note) => messageInWords(note, t)) };
}

/** The refusal in words. */
function refusal(text: string): string {
  try {
    parseBatchInput(text);
  } catch (error) {
    if (error instanceof BatchInputError) return messageInWords(error.message, t);
    throw error;
  }
  throw new Error('the list was accepted');
}

describe('pasted batch input', () => {
  afterEach(() => setLanguage('en'));

  it('reads one uid per line, skipping blank lines and # comments', () => {
    expect(read('cam-1\n\n  cam-2  \r\n# lobby\ncam-3\n')).toEqual({ streams: ['cam-1', 'cam-2', 'cam-3'], notes: [] });
  });

  it('reads a plain list whose first line is a comment with a comma in it as a list, not as a CSV', () => {
    expect(read('# site A, north gate\ncam-1\ncam-2\n')).toEqual({ streams: ['cam-1', 'cam-2'], notes: [] });
  });

  it('reads a CSV below comment lines, counting them in the line numbers it names', () => {
    expect(parseBatchInput('# exported 26 Nov, desk 2\nsite,stream\nNorth,cam-1\n').streams).toEqual(['cam-1']);
    expect(refusal('# exported 26 Nov, desk 2\nsite,stream\nNorth,cam-1\nSouth,not a uid\n')).toContain('4 (“not a uid”)');
  });

  it('reads the stream column of a CSV, whatever its position and case', () => {
    const result = read('site,Stream,owner\nNorth,cam-1,ann\n"South, B",cam-2,bob\n');
    expect(result.streams).toEqual(['cam-1', 'cam-2']);
    expect(result.notes[0]).toMatch(/used the “stream” column/);
  });

  it('skips a lone "stream" header line of a one-column CSV', () => {
    expect(parseBatchInput('stream\ncam-1\ncam-2').streams).toEqual(['cam-1', 'cam-2']);
  });

  it('refuses a CSV without a stream column, naming the columns it has', () => {
    expect(refusal('site,camera\nNorth,cam-1')).toMatch(/no “stream” column \(its columns: site, camera\)/);
  });

  it('issues a stream listed twice once, and says so', () => {
    const result = read('cam-1\ncam-2\ncam-1');
    expect(result.streams).toEqual(['cam-1', 'cam-2']);
    expect(result.notes).toEqual(['1 duplicate uid was listed more than once; each stream gets one token.']);
  });

  it('refuses lines that are not uids, naming them', () => {
    expect(refusal('cam-1\ncam 2\n')).toMatch(/1 line is not a stream uid: line 2 \(“cam 2”\)/);
  });

  it('refuses an empty paste', () => {
    expect(refusal('  \n\n')).toMatch(/Paste at least one stream uid/);
  });

  it('refuses with its own error type, which the desk places on the list field', () => {
    expect(() => parseBatchInput('')).toThrow(BatchInputError);
  });

  it('says its notes and refusals in Russian too, with Russian plurals', () => {
    setLanguage('ru');
    expect(read('cam-1\ncam-2\ncam-1\ncam-2\ncam-2').notes).toEqual(['3 uid указаны несколько раз; каждый поток получит один токен.']);
    expect(refusal('cam 1\ncam 2\n')).toBe('2 строки — не uid потока: строки 1 (“cam 1”), 2 (“cam 2”). В uid нет пробелов, и он не длиннее 256 символов.');
    expect(refusal('')).toMatch(/^Вставьте хотя бы один uid потока/);
  });
});

describe('a pasted batch checked row by row (what the batch form shows)', () => {
  it('gives every row its verdict: usable, a repeat of an earlier line, or the uid rule it breaks', () => {
    const checked = checkBatchRows('stream\ncam-1\ncam 2\ncam-1\n\ncam-3');
    expect(checked.rows.map(({ line, uid, repeats }) => [line, uid, repeats])).toEqual([
      [2, 'cam-1', null],
      [3, 'cam 2', null],
      [4, 'cam-1', 2],
      [6, 'cam-3', null],
    ]);
    expect(checked.rows.map((row) => (row.problem === null ? null : messageInWords(row.problem, t)))).toEqual([null, 'A stream uid has no spaces or line breaks.', null, null]);
    // The list as a whole is refused as parseBatchInput refuses it.
    expect(checked.input).toBeNull();
    expect(messageInWords(checked.problem!, t)).toBe(refusal('stream\ncam-1\ncam 2\ncam-1\n\ncam-3'));
  });

  it('reads a usable list as parseBatchInput does, and says how far it is every 1,000 rows', () => {
    const text = Array.from({ length: 2_500 }, (_, i) => `cam-${i % 2_400}`).join('\n');
    const progress: Array<[number, number]> = [];
    const checked = checkBatchRows(text, (done, total) => progress.push([done, total]));
    expect(progress).toEqual([[1_000, 2_500], [2_000, 2_500]]);
    expect(checked.input).toEqual(parseBatchInput(text));
    expect(checked.rows.filter((row) => row.repeats !== null)).toHaveLength(100);
  });

  it('says why an empty list or a CSV without a stream column cannot be used, with no rows', () => {
    expect(checkBatchRows('  \n')).toMatchObject({ rows: [], input: null });
    expect(messageInWords(checkBatchRows('name,site\nx,y').problem!, t)).toBe(refusal('name,site\nx,y'));
  });
});
