import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openDesk, privateStreams, type Desk } from './desk';
import { tokensServices } from './tokens-services';
import { streamTokenEntry } from '../../../main/tokens/token-entries';

const grant = { live: true, dvr: false, copy: false, ttl: 3600, from: 0, to: 0 };

describe.skipIf(!hasDbus)('the history service (real keychain, the database in a tmp folder)', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  it('records a token and lists it with its playback address, a note, and a CSV export of it', async () => {
    const { history } = tokensServices(desk);
    const active = (await desk.app.services.connections.active()).profile;
    const profile = await desk.app.services.profiles.update(active.id, { playbackUrlTemplate: '{base}/play/{stream}?token={token}' });
    const stream = privateStreams(desk)[0]!;
    const { entry, warning } = await history.record(streamTokenEntry({ stream, token: 'tok-1', issuedAt: new Date() }, grant, 'desk 4', null, profile));
    expect(warning).toBeNull();

    const page = await history.page('', 500);
    expect(page).toMatchObject({ total: 1, matched: 1, recentStreams: [stream], unreadable: null, sessionOnly: false, interrupted: [] });
    expect(page.entries[0]).toMatchObject({ id: entry.id, stream, token: 'tok-1', note: 'desk 4', historyWarning: null });
    expect(page.entries[0]!.playbackUrl).toBe(`${profile.baseUrl}/play/${stream}?token=tok-1`);

    expect((await history.setNote(entry.id, 'moved to desk 5')).note).toBe('moved to desk 5');
    const exported = await history.exportCsv([entry.id]);
    expect(exported.rows).toBe(1);
    expect(exported.filename).toMatch(/^watchdesk-tokens.*\.csv$/);
    expect(exported.csv).toContain('tok-1');

    await history.clear();
    expect((await history.page('', 500)).total).toBe(0);
  });

  it('in session-only mode lists only this session\'s tokens and leaves the saved history alone', async () => {
    const { history } = tokensServices(desk);
    const { profile } = await desk.app.services.connections.active();
    const [first, second] = privateStreams(desk);
    await history.record(streamTokenEntry({ stream: first!, token: 'saved', issuedAt: new Date() }, grant, '', null, profile));
    desk.app.services.vault.useSessionOnly();
    await history.record(streamTokenEntry({ stream: second!, token: 'session', issuedAt: new Date() }, grant, '', null, profile));
    const page = await history.page('', 500);
    expect(page.sessionOnly).toBe(true);
    expect(page.entries.map((entry) => entry.token)).toEqual(['session']);
  });
});
