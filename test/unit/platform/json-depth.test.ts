import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../../main/platform/json-depth';

describe('how deep an answer nests, read from its text', () => {
  it('counts objects and arrays alike', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}'.padEnd(40), 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[[1]]}]}'.padEnd(40), 4)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '[[[[[[[[{{{{{{ "quoted [[[[" \\ ]]]]' });
    expect(nestsDeeperThan(text, 2)).toBe(false);
  });

  it('counts depth, not the number of brackets: a long flat list is shallow', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => [i])), 2)).toBe(false);
  });

  it('finds 200,000 levels without walking a parsed value', () => {
    expect(nestsDeeperThan(`{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, 512)).toBe(true);
  });

  it('skips texts too short to pass the limit', () => {
    expect(nestsDeeperThan('[[[[', 10)).toBe(false);
  });
});
