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

  it('finds deep nesting among more brackets than the limit, inside strings or not', () => {
    const deep = `${'['.repeat(6)}1${']'.repeat(6)}`;
    const flat = JSON.stringify({ a: '[[[[[[[[', b: [[1], [2], [3]] });
    expect(nestsDeeperThan(`[${flat},${deep}]`, 5)).toBe(true);
    expect(nestsDeeperThan(`[${flat},${flat}]`, 5)).toBe(false);
  });

  it('passes a long text with few brackets without walking it, and still refuses one with enough', () => {
    const long = JSON.stringify({ note: 'x'.repeat(100_000), list: [[[1]]] });
    // One object and three arrays: four levels, four brackets.
    expect(nestsDeeperThan(long, 4)).toBe(false);
    expect(nestsDeeperThan(long, 3)).toBe(true);
    expect(nestsDeeperThan(long.replace('[[[1]]]', '[[[[1]]]]'), 4)).toBe(true);
    expect(nestsDeeperThan(long.replace('[[[1]]]', '[[[1]]],[1],[2]'), 4)).toBe(false);
  });

  it('skips texts too short to pass the limit', () => {
    expect(nestsDeeperThan('[[[[', 10)).toBe(false);
  });
});
