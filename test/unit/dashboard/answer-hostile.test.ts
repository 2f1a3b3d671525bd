import { describe, expect, it } from 'vitest';
import { checkAnswer, createAnswerViews } from '../../../main/dashboard/answer-views';
import { figuresForPage } from '../../../main/dashboard/page-figures';
import { createServerRows } from '../../../main/dashboard/server-window';
import { busiestServers, type ServerFilter, type ServerSort } from '../../../preload/contract/dashboard-servers';
import { dashboardSchema, type Dashboard } from '../../../preload/contract/wire/platform';
import { dashboard, mediaServer } from '../platform/samples';

/**
 * Answers a broken or hostile platform might send, read by the answer thread from their bytes (answer-store.ts) and,
 * for comparison, the way the whole text was always read: JSON.parse and the contract's schema over the objects. Each
 * must give the same verdict, the same refusal (so the same sentence), and for an accepted one the same figures and the
 * same windows, sorted and filtered.
 */

// More than one batch of servers (answer-store.ts reads 100 at a time), names and domains with JSON's escapes.
const servers = Array.from({ length: 230 }, (_, i) => ({
  ...mediaServer,
  id: i + 1,
  traffic_out: 1_000 - (i % 17),
  traffic_in: i % 5,
  streams_limit: i % 3,
  status: i % 2 === 0,
  is_enabled: i % 9 !== 0,
  domain: `d${i % 13}.example`,
  extra: { server: { hostname: i % 7 === 0 ? `Zü"r\\ich-${i} 😀` : `ms-${(i * 31) % 230}` } },
}));
const text = JSON.stringify({ ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: servers } });
const first = JSON.stringify(servers[1]);

const queries: Array<{ sort: ServerSort; filter: ServerFilter }> = [
  { sort: null, filter: { text: '', state: 'all' } },
  { sort: { column: 'name', direction: 'ascending' }, filter: { text: '', state: 'all' } },
  { sort: { column: 'domain', direction: 'descending' }, filter: { text: 'ms', state: 'all' } },
  { sort: { column: 'trafficOut', direction: 'descending' }, filter: { text: '', state: 'online' } },
  { sort: { column: 'trafficIn', direction: 'ascending' }, filter: { text: 'zü 😀', state: 'all' } },
  { sort: { column: 'limits', direction: 'descending' }, filter: { text: '', state: 'disabled' } },
  { sort: { column: 'state', direction: 'ascending' }, filter: { text: '\ufffd', state: 'all' } },
];

/** Bytes with `replacement` (raw bytes, e.g. invalid UTF-8) in place of the first `marker`. */
function withBytes(source: string, marker: string, replacement: number[]): Buffer {
  const bytes = Buffer.from(source);
  const at = bytes.indexOf(marker);
  expect(at).toBeGreaterThan(0);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(replacement), bytes.subarray(at + marker.length)]);
}

const deep = (levels: number) => `"deep":${'['.repeat(levels)}${']'.repeat(levels)},"proxy":`;

const hostile: Array<[string, string | Buffer]> = [
  ['quotes and backslashes in a name', text.replace('"hostname":"ms-31"', '"hostname":"a\\"b\\\\\\"c\\\\"')],
  ['\\u escapes and a surrogate pair', text.replace('"hostname":"ms-31"', '"hostname":"\\u0041\\u00e9\\ud83d\\ude00"')],
  ['a lone surrogate escape', text.replace('"hostname":"ms-31"', '"hostname":"\\ud83d x"')],
  ['an escaped NUL', text.replace('"hostname":"ms-31"', '"hostname":"a\\u0000b"')],
  ['a raw NUL in a string', text.replace('"hostname":"ms-31"', '"hostname":"a\u0000b"')],
  ['invalid UTF-8 in a name', withBytes(text, 'ms-31', [0x6d, 0xff, 0xc3, 0x41, 0xe2, 0x82])],
  ['invalid UTF-8 before a closing quote', withBytes(text, 'ms-31"', [0xc3, 0x22])],
  ['a key twice in a server (the last wins)', text.replace('"traffic_out":1000,', '"traffic_out":1000,"traffic_out":5,')],
  ['a key spelt with an escape in a server', text.replace('{"id":2,', '{"\\u0069d":2,')],
  ['an escaped key repeating one in a server', text.replace('{"id":2,', '{"id":2,"\\u0069d":77,')],
  ['white space and CR LF everywhere', JSON.stringify(JSON.parse(text), null, '\t').replace(/\n/g, '\r\n')],
  ['a key, a space, then its colon', text.replace('"mediaservers":', '"mediaservers" \n\t:')],
  ['numbers in exponent form', text.replace('"traffic_out":1000,', '"traffic_out":1e3,').replace('"traffic_in":1,', '"traffic_in":1E+0,')],
  ['minus zero', text.replaceAll('"traffic_in":0,', '"traffic_in":-0,')],
  ['a whole number written with a fraction', text.replace('"traffic_in":1,', '"traffic_in":1.0,')],
  ['a number too large for an integer', text.replace('"traffic_in":1,', '"traffic_in":123456789012345678901234567890,')],
  ['a number too large for a double', text.replace('"traffic_in":1,', '"traffic_in":1e400,')],
  ['nested objects in an unknown member', text.replace('"proxy":', '"odd":{"a":[{"mediaservers":{"top_by_bitrate":[1]}}]},"proxy":')],
  ['a server list deeper and earlier', `{"x":{"mediaservers":{"top_by_bitrate":[${first}]}},${text.slice(1)}`],
  ['a server list under another member', text.replace('"users":{', '"users":{"mediaservers":{"top_by_bitrate":[]},')],
  ['mediaservers twice, the last null', `${text.slice(0, -1)},"mediaservers":null}`],
  ['mediaservers twice, the first null', `{"mediaservers":null,${text.slice(1)}`],
  ['mediaservers twice, both objects', `{"mediaservers":{"count_all":1},${text.slice(1)}`],
  ['mediaservers twice, the last with an escape', `${text.slice(0, -1)},"m\\u0065diaservers":null}`],
  ['the list twice, the first null', text.replace('"top_by_bitrate":[{"id":1,', '"top_by_bitrate":null,"top_by_bitrate":[{"id":1,')],
  ['the list twice, the last null', text.replace(/\]\}\}$/, '],"top_by_bitrate":null}}')],
  ['the list under a key with an escape', text.replace('"top_by_bitrate":[{"id":1,', '"top_by_bitrat\\u0065":[{"id":1,')],
  ['a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
  ['valid JSON, an array', `[${text}]`],
  ['valid JSON, a string', JSON.stringify(text)],
  ['mediaservers as a list', text.replace('"mediaservers":{', '"mediaservers":[{').replace(/\}\}$/, '}]}')],
  ['text after the answer', `${text}x`],
  ['text before the answer', `x${text}`],
  ['two answers', text + text],
  ['a comma after the last server', text.replace(/\]\}\}$/, ',]}}')],
  ['a comma before the first server', text.replace('"top_by_bitrate":[', '"top_by_bitrate":[,')],
  ['the list closed with a brace', text.replace(/\]\}\}$/, '}}}')],
  ['a server closed with a bracket', text.replace(first, `${first.slice(0, -1)}]`)],
  ['a __proto__ member in a server', text.replace('{"id":2,', '{"__proto__":{"x":1},"id":2,')],
  ['200,000 levels inside one server', text.replace('"proxy":', deep(200_000))],
  ['as deep as allowed inside one server', text.replace('"proxy":', deep(508))],
  ['one level deeper than allowed inside one server', text.replace('"proxy":', deep(509))],
  ['no servers', JSON.stringify({ ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: [] } })],
  ...Array.from({ length: 40 }, (_, i): [string, string] => [`cut off after ${i * 997 + 1} bytes`, text.slice(0, i * 997 + 1)]),
];

function readBothWays(bytes: Buffer) {
  const views = createAnswerViews();
  const opened = views.open(Buffer.from(bytes), 'v');
  // A BOM is skipped as every call's text decoding skips it (undici's text()).
  const whole = bytes.toString('utf8').replace(/^\ufeff/, '');
  return { opened, views, whole };
}

/** Reads `bytes` both ways and expects the same outcome. */
function expectSameReading(bytes: Buffer): void {
  const { opened, views, whole } = readBothWays(bytes);
  const before = checkAnswer(whole);
  if (!before.ok) {
    // Refused with the same problem, hence the same sentence; a wrong shape names the fields zod names first.
    expect(opened).toEqual(before);
    if (before.problem.kind === 'shape') {
      const zod = dashboardSchema.safeParse(JSON.parse(whole));
      expect(before.problem.issues).toEqual(zod.error?.issues.slice(0, 20));
    }
    return;
  }
  // The objects JSON.parse gives, checked by the contract's schema (kept as they are: nothing in it transforms).
  const json: unknown = JSON.parse(whole);
  expect(dashboardSchema.safeParse(json).success).toBe(true);
  const parsed = json as Dashboard;
  const all = parsed.mediaservers.top_by_bitrate;
  expect(opened.ok).toBe(true);
  if (!opened.ok) return;
  // toEqual tells -0 from 0. What crosses to main is the figures the page reads (page-figures.ts), from either reading.
  expect(opened.summary.dashboard).toEqual(figuresForPage(parsed, busiestServers(all)));
  const rows = createServerRows(all);
  for (const query of queries) {
    for (const offset of [0, 100, 200]) {
      const asked = { ...query, offset, limit: 60 };
      expect(views.window('v', asked)).toEqual(rows.window(asked));
    }
  }
}

/** A small generator with a fixed seed: the same mutations on every run. */
function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state % below;
  };
}

/** What a mutation inserts: JSON's structural characters, keys the scan looks for, escapes, odd numbers, raw bytes. */
const pieces = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\n', '\\u0069', '"mediaservers":', '"top_by_bitrate":', '"top_by_bitrate":[]', '"mediaservers":{}', '-0', '1e2', '\u00ff', '😀', 'null', '"x":{"a":[1]},'];

const structural = '"\\{}[],: ';

describe('a hostile answer read from its bytes', () => {
  it.each(hostile)('%s: the same verdict, figures and windows as the whole text parsed', (_name, answer) => {
    expectSameReading(typeof answer === 'string' ? Buffer.from(answer) : answer);
  });

  it('the same verdict, figures and windows for 300 answers each changed in a few random places', () => {
    const next = seeded(7);
    const original = Buffer.from(text);
    for (let n = 0; n < 300; n += 1) {
      let bytes = original;
      for (let edits = 1 + next(3); edits > 0; edits -= 1) {
        const at = next(bytes.length);
        const kind = next(3);
        if (kind === 0) bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + next(8))]);
        else if (kind === 1) bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(pieces[next(pieces.length)]!), bytes.subarray(at)]);
        else {
          bytes = Buffer.from(bytes);
          bytes[at] = next(2) === 0 ? next(256) : structural.charCodeAt(next(structural.length));
        }
      }
      expectSameReading(bytes);
    }
  });
});
