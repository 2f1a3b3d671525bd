import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../main/dashboard/answer-views';
import { dashboardSchema } from '../../../preload/contract/wire/platform';
import { dashboard, mediaServer } from '../platform/samples';

/**
 * A refused dashboard answer names its first wrong fields (the sentence shows the first and how many more, of at most
 * 20). A hostile answer can be small and still wrong in millions of places: 50,000 empty objects as media servers are
 * 150 kB, each missing 25 fields. Naming every one of them took the answer thread over ten seconds and a gigabyte (a 3 MB
 * answer of them would take it down); the first 20 are all the sentence needs.
 */

const withServers = (servers: unknown[]) => ({ ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: servers } });

/** What zod says of the whole answer, as the sentence has always been made from it. */
function firstIssuesOfWhole(answer: unknown) {
  const checked = dashboardSchema.safeParse(answer);
  return checked.success ? [] : checked.error.issues.slice(0, 20);
}

describe('the wrong fields a refused answer names', () => {
  it('refuses 50,000 empty media servers at once, naming the same first fields', () => {
    const text = JSON.stringify(withServers(Array.from({ length: 50_000 }, () => ({}))));
    const started = performance.now();
    const checked = checkAnswer(text);
    // Generous for a busy machine: the first 20 take milliseconds, all 1,250,000 took seconds.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(checked).toEqual({ ok: false, problem: { kind: 'shape', issues: firstIssuesOfWhole(withServers([{}])) } });
  });

  it('names the same first fields as zod over the whole answer, wherever they are', () => {
    const good = Array.from({ length: 300 }, (_, i) => ({ ...mediaServer, id: i + 1 }));
    const cases: unknown[] = [
      // Figures and servers both wrong: the figures' fields come first.
      { ...withServers([{}, ...good]), users: { all: 1 } },
      withServers([...good.slice(0, 250), { ...mediaServer, traffic_in: 'lots', status: 'yes' }, ...good.slice(250)]),
      withServers([...good, 1, null, 'x', [], { ...mediaServer, extra: {} }]),
      withServers(good.map((server, i) => (i % 40 === 0 ? { ...server, id: 'x' } : server))),
      { ...dashboard, mediaservers: { ...dashboard.mediaservers, count_all: 'x', top_by_bitrate: [{}, {}] } },
      { ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: null } },
      { ...dashboard, mediaservers: [] },
      { users: 1 },
      [],
    ];
    for (const answer of cases) {
      const checked = checkAnswer(JSON.stringify(answer));
      expect(checked).toEqual({ ok: false, problem: { kind: 'shape', issues: firstIssuesOfWhole(answer) } });
    }
  });
});
