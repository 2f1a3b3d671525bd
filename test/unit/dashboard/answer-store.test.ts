import { describe, expect, it } from 'vitest';
import { findServerSpans } from '../../../main/dashboard/answer-scan';
import { storeAnswer } from '../../../main/dashboard/answer-store';
import { createAnswerViews } from '../../../main/dashboard/answer-views';
import { createServerRows, serverRowsOf } from '../../../main/dashboard/server-window';
import { busiestServers, type ServerFilter, type ServerSort } from '../../../preload/contract/dashboard-servers';
import type { MediaServerEntry } from '../../../preload/contract/wire/platform';
import { dashboard, mediaServer } from '../platform/samples';

/** `count` servers in the platform's order, with names, domains, states and traffic that sort and filter apart. */
function serversOf(count: number): MediaServerEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    ...mediaServer,
    id: i + 1,
    traffic_out: 10_000 - ((i * 37) % 500),
    traffic_in: (i * 13) % 700,
    streams_limit: (i % 4) * 10,
    status: i % 3 !== 0,
    is_enabled: i % 7 !== 0,
    domain: `d${(i * 11) % 97}.example.net`,
    // Names beyond ASCII too (the bytes are UTF-8), and with quotes and backslashes, which JSON escapes.
    extra: { server: { hostname: i % 5 === 0 ? `Zürich-${i} ☃` : i % 11 === 0 ? `ms-"${i}"\\` : `ms-${(i * 7919) % count}` } },
  }));
}

const answerWith = (servers: MediaServerEntry[]) => ({ ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: servers } });
const bytesOf = (text: string) => Buffer.from(text, 'utf8');

const queries: Array<{ sort: ServerSort; filter: ServerFilter }> = [
  { sort: null, filter: { text: '', state: 'all' } },
  { sort: { column: 'name', direction: 'ascending' }, filter: { text: '', state: 'all' } },
  { sort: { column: 'domain', direction: 'descending' }, filter: { text: '', state: 'all' } },
  { sort: { column: 'state', direction: 'ascending' }, filter: { text: '', state: 'all' } },
  { sort: { column: 'trafficOut', direction: 'descending' }, filter: { text: 'zürich', state: 'online' } },
  { sort: { column: 'limits', direction: 'ascending' }, filter: { text: 'd1', state: 'disabled' } },
  { sort: { column: 'trafficIn', direction: 'ascending' }, filter: { text: '', state: 'offline' } },
];

describe('an answer kept as its bytes', () => {
  it('finds every media server in the bytes, and nothing in an answer it cannot read plainly', () => {
    const text = JSON.stringify(answerWith(serversOf(3)));
    const spans = findServerSpans(bytesOf(text), 512)!;
    expect(spans.starts).toHaveLength(3);
    const first = bytesOf(text).toString('utf8', spans.starts[0], spans.ends[0]);
    expect(JSON.parse(first)).toEqual(serversOf(3)[0]);

    const refusedByTheScan = [
      text.replace('"mediaservers"', '"\\u006dediaservers"'),
      text.replace('"top_by_bitrate":[{"id":1,', '"top_by_bitrate":[1,{"id":1,'),
      text.replace('"top_by_bitrate":[{"id":1,', '"top_by_bitrate":["x",{"id":1,'),
      text.replace('"top_by_bitrate":[{"id":1,', '"top_by_bitrate":[],"top_by_bitrate":[{"id":1,'),
      text.slice(0, -40),
      `{"nested":${'['.repeat(600)}${']'.repeat(600)}}`,
    ];
    for (const odd of refusedByTheScan) {
      expect(odd).not.toBe(text);
      expect(findServerSpans(bytesOf(odd), 512)).toBeNull();
    }
  });

  it('gives the same figures, busiest ten and windows as the whole answer parsed at once', () => {
    const servers = serversOf(2_345);
    // White space as a pretty-printing server sends it.
    const stored = storeAnswer(bytesOf(JSON.stringify(answerWith(servers), null, 2)))!;
    expect(stored).not.toBeNull();
    expect(stored.dashboard).toEqual({ ...answerWith([]), mediaservers: { ...dashboard.mediaservers, top_by_bitrate: busiestServers(servers) } });
    const fromBytes = serverRowsOf(stored.columns);
    const fromObjects = createServerRows(servers);
    for (const query of queries) {
      for (const offset of [0, 500, 2_300]) {
        const asked = { ...query, offset, limit: 60 };
        expect(fromBytes.window(asked)).toEqual(fromObjects.window(asked));
      }
    }
  });

  it('checks every server: one wrong field anywhere refuses the answer (the general reading then says where)', () => {
    const servers = serversOf(1_500);
    (servers[1_234] as { traffic_in: unknown }).traffic_in = 'lots';
    const bytes = bytesOf(JSON.stringify(answerWith(servers)));
    expect(storeAnswer(bytes)).toBeNull();
    const opened = createAnswerViews().open(bytes, 'v');
    expect(opened.ok).toBe(false);
    if (opened.ok || opened.problem.kind !== 'shape') return;
    expect(opened.problem.issues.map((issue) => issue.path.join('.'))).toEqual(['mediaservers.top_by_bitrate.1234.traffic_in']);
  });

  it('refuses what is not JSON between the servers, which no single part would show', () => {
    const bytes = bytesOf(JSON.stringify(answerWith(serversOf(250))));
    // Two servers with no comma between them, across the boundary of two parts read apart.
    const comma = findServerSpans(bytes, 512)!.ends[99]!;
    expect(String.fromCharCode(bytes[comma]!)).toBe(',');
    const broken = Buffer.from(bytes);
    broken[comma] = 0x20;
    expect(storeAnswer(broken)).toBeNull();
    const opened = createAnswerViews().open(broken, 'v');
    expect(opened).toMatchObject({ ok: false, problem: { kind: 'notJson' } });
  });

  it('reads an answer the scan leaves alone the general way, as JSON.parse reads it (the last of two keys wins)', () => {
    const servers = serversOf(30);
    const text = JSON.stringify(answerWith(servers));
    const twice = `${text.slice(0, -1)},"mediaservers":${JSON.stringify({ ...dashboard.mediaservers, top_by_bitrate: servers.slice(0, 5) })}}`;
    const opened = createAnswerViews().open(bytesOf(twice), 'v');
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.summary.first.total).toBe(5);
    expect(opened.summary.first.rows).toEqual(servers.slice(0, 5));
  });
});
