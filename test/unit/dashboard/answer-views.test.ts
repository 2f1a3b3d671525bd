import { describe, expect, it } from 'vitest';
import { checkAnswer, createAnswerViews, FIRST_SERVER_WINDOW } from '../../../main/dashboard/answer-views';
import { busiestServers } from '../../../preload/contract/dashboard-servers';
import { topCamerasByBitrate, topCamerasByIssues } from '../../../renderer/features/dashboard/chart-data';
import { dashboard, mediaServer } from '../platform/samples';

/** An answer with `count` media servers, traffic falling with the id (the platform lists the busiest first). */
function answerWith(count: number) {
  const servers = Array.from({ length: count }, (_, i) => ({ ...mediaServer, id: i + 1, traffic_out: 10_000 - i, extra: { server: { hostname: `ms-${i + 1}` } } }));
  return { ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: servers } };
}

/** An answer's bytes as they arrive: UTF-8, in a buffer of their own. */
const bytesOf = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');

describe('an answer as the answer thread checks it', () => {
  it('refuses an answer nested deeper than 512 levels before parsing it', () => {
    expect(checkAnswer(`${'['.repeat(600)}${']'.repeat(600)}`)).toEqual({ ok: false, problem: { kind: 'tooDeep' } });
  });

  it('refuses text that is not JSON, keeping its start for the sentence', () => {
    const checked = checkAnswer('{"users": tru');
    expect(checked).toEqual({ ok: false, problem: { kind: 'notJson', head: '{"users": tru' } });
  });

  it('refuses a wrong shape with the paths that are wrong, however deep in the list of servers', () => {
    const answer = answerWith(300);
    (answer.mediaservers.top_by_bitrate[250] as { traffic_in: unknown }).traffic_in = 'lots';
    const checked = checkAnswer(JSON.stringify(answer));
    expect(checked.ok).toBe(false);
    if (checked.ok || checked.problem.kind !== 'shape') return;
    expect(checked.problem.issues.map((issue) => issue.path.join('.'))).toEqual(['mediaservers.top_by_bitrate.250.traffic_in']);
  });

  it('accepts the documented shape as it is, unknown fields kept', () => {
    const answer = { ...answerWith(3), extra_field: { kept: true } };
    const checked = checkAnswer(JSON.stringify(answer));
    expect(checked).toEqual({ ok: true, dashboard: answer });
  });
});

describe('the views the answer thread keeps', () => {
  it('gives the figures with the ten busiest servers and the table\'s first window, and keeps the rows for windows', () => {
    const views = createAnswerViews();
    const answer = answerWith(1_000);
    const opened = views.open(bytesOf(answer), 'view-1');
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const servers = answer.mediaservers.top_by_bitrate;
    expect(opened.summary.dashboard.mediaservers.top_by_bitrate).toEqual(busiestServers(servers));
    expect(opened.summary.dashboard.users).toEqual(answer.users);
    expect(opened.summary.first).toEqual({ total: 1_000, matched: 1_000, offset: 0, rows: servers.slice(0, FIRST_SERVER_WINDOW) });

    const quietest = views.window('view-1', { offset: 0, limit: 3, sort: { column: 'trafficOut', direction: 'ascending' }, filter: { text: '', state: 'all' } });
    expect(quietest?.rows.map((row) => row.id)).toEqual([1_000, 999, 998]);
    expect(views.window('another', { offset: 0, limit: 3, sort: null, filter: { text: '', state: 'all' } })).toBeNull();
  });

  it('hands the checked bytes over once, as they came, for the offline copy, and keeps nothing of a refused answer', () => {
    const views = createAnswerViews();
    const bytes = bytesOf(answerWith(5));
    views.open(bytes, 'kept');
    expect(Buffer.from(views.takeCopy('kept')!).toString('utf8')).toBe(bytes.toString('utf8'));
    expect(views.takeCopy('kept')).toBeNull();

    expect(views.open(bytesOf('{"users": 1}'), 'refused').ok).toBe(false);
    expect(views.takeCopy('refused')).toBeNull();
    expect(views.window('refused', { offset: 0, limit: 1, sort: null, filter: { text: '', state: 'all' } })).toBeNull();
  });

  it('reads an answer that begins with a byte order mark as every other call reads it (the mark skipped), and saves it without the mark', () => {
    const views = createAnswerViews();
    const answer = answerWith(300);
    const plain = bytesOf(answer);
    const opened = views.open(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]), 'marked');
    expect(opened).toEqual(createAnswerViews().open(bytesOf(answer), 'plain'));
    expect(Buffer.from(views.takeCopy('marked')!).equals(plain)).toBe(true);
    // Only a mark at the very start is skipped: one anywhere else is still not JSON.
    expect(views.open(Buffer.concat([Buffer.from(' '), Buffer.from([0xef, 0xbb, 0xbf]), plain]), null)).toMatchObject({ ok: false, problem: { kind: 'notJson' } });
  });

  it('lets a dropped view go, and keeps nothing of an answer opened without a key (a fleet tile)', () => {
    const views = createAnswerViews();
    views.open(bytesOf(answerWith(5)), 'old');
    views.drop(['old']);
    expect(views.window('old', { offset: 0, limit: 1, sort: null, filter: { text: '', state: 'all' } })).toBeNull();
    expect(views.open(bytesOf(answerWith(5)), null).ok).toBe(true);
    expect(views.takeCopy('null')).toBeNull();
  });
});

describe('what of an answer crosses to main and the page', () => {
  it('a member the contract does not name, however large, and top lists of any length stay in the answer thread; the charts read the same', () => {
    const streams = Array.from({ length: 5_000 }, (_, i) => ({ camera_name: `Camera ${i}`, bitrate: i % 977, noise: 'x'.repeat(100) }));
    const issues = Array.from({ length: 5_000 }, (_, i) => ({ camera_id: i, count_issues: String(i % 31), trace: ['y'.repeat(100)] }));
    const base = answerWith(200);
    const hostile = {
      ...base,
      padding: 'z'.repeat(4_000_000),
      users: { ...base.users, padding: 'z'.repeat(1_000_000) },
      cameras: { ...base.cameras, streams: { top_by_bitrate: streams, padding: 'z'.repeat(1_000) } },
      issues: { ...base.issues, top_by_issues: [null, 'text', { camera_id: 'no number' }, ...issues] },
      mediaservers: { ...base.mediaservers, top_by_bitrate: base.mediaservers.top_by_bitrate.map((server) => ({ ...server, padding: 'z'.repeat(10_000) })) },
    };
    const opened = createAnswerViews().open(bytesOf(hostile), 'view-1');
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const figures = opened.summary.dashboard;
    expect(JSON.stringify(figures).length).toBeLessThan(20_000);
    expect(JSON.stringify(figures)).not.toContain('zzzz');
    expect(topCamerasByBitrate(figures)).toEqual(topCamerasByBitrate(hostile).map((bar, at) => ({ ...bar, key: String(at) })));
    expect(topCamerasByIssues(figures)).toEqual(topCamerasByIssues(hostile).map((bar, at) => ({ ...bar, key: String(at) })));
    expect(figures.mediaservers.top_by_bitrate.map((server) => server.id)).toEqual(busiestServers(hostile.mediaservers.top_by_bitrate).map((server) => server.id));
    expect(figures.users.all).toEqual(base.users.all);
  });
});
