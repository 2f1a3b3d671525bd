import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { IssueState } from '../../../../renderer/features/tokens/issue-state.svelte';
import { connectedApi, type ConnectedApi } from '../connected-api';

describe.skipIf(!hasDbus)('IssueState over the real main process and the simulator', () => {
  let under: ConnectedApi;
  beforeEach(async () => {
    under = await connectedApi('ui-issue', { profile: true });
  });
  afterEach(async () => {
    await under.close();
  });

  it('shows the stream token just issued, and hides it when the next request fails', async () => {
    const issue = new IssueState(under.api);
    const stream = under.privateStreams()[0]!;
    const issued = await issue.streamToken({ stream, live: true, ttl: 600 });
    expect(issued.ok).toBe(true);
    expect(issue.lastStream).toMatchObject({ stream, kind: 'stream', historyWarning: null });
    expect(issue.lastStream?.token).toBeTruthy();

    const refused = await issue.streamToken({ stream: 'cam-9999-xx', live: true, ttl: 600 });
    expect(refused.ok ? null : refused.error.fieldErrors['stream']?.[0]).toMatch(/cam-9999-xx/);
    expect(issue.lastStream).toBeNull();
  });

  it('keeps the user-bound result apart from the stream one, and drops it when the form refuses its fields', async () => {
    const issue = new IssueState(under.api);
    const uid = under.privateStreams()[1]!;
    await issue.userBound({ uid, user: 'operator-3', duration: 900 });
    expect(issue.lastUser).toMatchObject({ kind: 'user', stream: uid, user: 'operator-3', ttl: 900 });
    expect(issue.lastStream).toBeNull();
    issue.failed('user');
    expect(issue.lastUser).toBeNull();
  });

  it('says what is wrong when no server is configured', async () => {
    await under.close();
    under = await connectedApi('ui-issue-none');
    const issue = new IssueState(under.api);
    const result = await issue.streamToken({ stream: 'cam-1', live: true, ttl: 600 });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error.message).not.toBe('');
    expect(issue.lastStream).toBeNull();
  });
});
