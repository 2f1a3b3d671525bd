import { describe, expect, it } from 'vitest';
import { looksBinary, readTextFile } from '../../../renderer/lib/text-file';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('text files and binary files', () => {
  it('takes CSV and typed lists (with tabs, CRLF, Cyrillic) as text', () => {
    expect(looksBinary(bytes('name,device_id\r\nЛобби,1001\r\nGate,1002\r\n'))).toBe(false);
    expect(looksBinary(bytes('1001\t1002\n1003'))).toBe(false);
    expect(looksBinary(new Uint8Array())).toBe(false);
  });

  it('takes a PNG header, random bytes and UTF-16 as binary', () => {
    expect(looksBinary(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe(true);
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => ((i * 2654435761) >>> 13) & 0xff);
    expect(looksBinary(noise)).toBe(true);
    expect(looksBinary(new Uint8Array([0x31, 0x00, 0x30, 0x00]))).toBe(true);
  });

  it('reads a text file and refuses a binary one', async () => {
    expect(await readTextFile(new Blob(['1001\n1002\n']))).toBe('1001\n1002\n');
    expect(await readTextFile(new Blob([new Uint8Array([1, 2, 3, 0, 49, 50])]))).toBeNull();
  });
});
