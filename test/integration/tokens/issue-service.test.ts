import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { isAppFailure } from '../../../main/shared/app-failure';
import { openDesk, privateStreams, type Desk } from './desk';
import { tokensServices } from './tokens-services';

const never = new AbortController().signal;

describe.skipIf(!hasDbus)('the issue service against the simulator', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  it('issues a stream token the server knows, and it is in the history', async () => {
    const { issue, history } = tokensServices(desk);
    const stream = privateStreams(desk)[0]!;
    const issued = await issue.streamToken({ stream, live: true, dvr: false, copy: false, ttl: 600, from: 0, to: 0, note: '' }, never);
    expect(issued).toMatchObject({ kind: 'stream', stream, historyWarning: null });
    expect(desk.app.demoServer!.state.issuedStreamTokens.map((token) => token.stream)).toContain(stream);
    expect((await history.page(stream, 10)).entries.map((entry) => entry.token)).toEqual([issued.token]);
  });

  it('refuses an unknown stream on the stream field, in words', async () => {
    const { issue } = tokensServices(desk);
    const refused = await issue.streamToken({ stream: 'cam-9999-xx', live: true, dvr: false, copy: false, ttl: 600, from: 0, to: 0, note: '' }, never).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.appError.fieldErrors['stream']?.[0]).toMatch(/cam-9999-xx/);
  });

  it('issues a token bound to a user, kept with its duration', async () => {
    const { issue } = tokensServices(desk);
    const uid = privateStreams(desk)[1]!;
    const issued = await issue.userBound({ uid, user: 'operator-7', duration: 900, note: 'night shift' }, never);
    expect(issued).toMatchObject({ kind: 'user', stream: uid, user: 'operator-7', ttl: 900, note: 'night shift', playbackUrl: null });
    expect(Date.parse(issued.expiresAt!) - Date.parse(issued.issuedAt)).toBe(900_000);
  });
});
