import { describe, expect, it } from 'vitest';
import { BatchInputError, parseBatchInput } from '../../../preload/contract/batch-input';

describe('pasted batch input', () => {
  it('reads one uid per line, skipping blank lines and # comments', () => {
    expect(parseBatchInput('cam-1\n\n  cam-2  \r\n# lobby\ncam-3\n')).toEqual({ streams: ['cam-1', 'cam-2', 'cam-3'], notes: [] });
  });

  it('reads the stream column of a CSV, whatever its position and case', () => {
    const result = parseBatchInput('site,Stream,owner\nNorth,cam-1,ann\n"South, B",cam-2,bob\n');
    expect(result.streams).toEqual(['cam-1', 'cam-2']);
    expect(result.notes[0]).toMatch(/used the “stream” column/);
  });

  it('skips a lone "stream" header line of a one-column CSV', () => {
    expect(parseBatchInput('stream\ncam-1\ncam-2').streams).toEqual(['cam-1', 'cam-2']);
  });

  it('refuses a CSV without a stream column, naming the columns it has', () => {
    expect(() => parseBatchInput('site,camera\nNorth,cam-1')).toThrow(/no “stream” column \(its columns: site, camera\)/);
  });

  it('issues a stream listed twice once, and says so', () => {
    const result = parseBatchInput('cam-1\ncam-2\ncam-1');
    expect(result.streams).toEqual(['cam-1', 'cam-2']);
    expect(result.notes).toEqual(['1 duplicate uid was listed more than once; each stream gets one token.']);
  });

  it('refuses lines that are not uids, naming them', () => {
    expect(() => parseBatchInput('cam-1\ncam 2\n')).toThrow(/1 line is not a stream uid: line 2 \(“cam 2”\)/);
  });

  it('refuses an empty paste', () => {
    expect(() => parseBatchInput('  \n\n')).toThrow(/Paste at least one stream uid/);
  });

  it('refuses with its own error type, which the desk places on the list field', () => {
    expect(() => parseBatchInput('')).toThrow(BatchInputError);
  });
});
