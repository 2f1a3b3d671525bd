import { describe, expect, it } from 'vitest';
import { messages } from '../../../main/platform/errors';
import { say } from '../../../main/shared/i18n';
import { AppFailure } from '../../../main/shared/app-failure';
import { deskFailure } from '../../../main/tokens/token-errors';
import { json } from './fixture-server';
import { fixtureClients } from './fixture-clients';
import * as samples from './samples';
import { failureOf } from '../../support/failure';

/** How the connection test and the calls read the API token: once per request, by the transport. */
const TOKEN = 'tok-READ-ONCE-1234567890';
const { server, client } = fixtureClients(TOKEN, (req, res) => {
  if (req.headers.authorization !== `Bearer ${TOKEN}`) json(res, 401, { message: 'Unauthenticated.' });
  else json(res, 200, samples.dashboard);
});

describe('the connection test and the token', () => {
  it('reads the token once, for the one request it sends', async () => {
    let reads = 0;
    const report = await client({
      getToken: async () => {
        reads += 1;
        return TOKEN;
      },
    }).testConnection();
    expect(report.ok).toBe(true);
    expect(reads).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('sends no token when none is stored, passes HTTP on the 401 and skips the Token step', async () => {
    const report = await client({ getToken: async () => null }).testConnection();
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => [s.name, s.ok])).toEqual([['DNS', true], ['TCP', true], ['TLS', null], ['HTTP', true], ['Token', null]]);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reports a token that cannot be read on the Token step, with HTTP not checked', async () => {
    const report = await client({
      getToken: async () => {
        throw new AppFailure('KeychainUnavailable', 'The keychain is locked. Unlock it and try again.', { data: { sessionOnlyAvailable: true } });
      },
    }).testConnection();
    expect(report.ok).toBe(false);
    expect(report.steps.map((s) => [s.name, s.ok])).toEqual([['DNS', true], ['TCP', true], ['TLS', null], ['HTTP', null], ['Token', false]]);
    expect(report.error).toMatchObject({ kind: 'KeychainUnavailable', message: 'The keychain is locked. Unlock it and try again.' });
    expect(server.requests).toHaveLength(0);
  });

  it('says a token without the dashboard permission lacks it, on the Token step', async () => {
    server.handle((_q, res) => json(res, 403, { message: 'Forbidden.' }));
    try {
      const report = await client().testConnection();
      expect(report.steps.at(-1)).toMatchObject({ name: 'Token', ok: false, message: say(messages.dashboardForbidden), said: messages.dashboardForbidden });
      expect(report.error?.kind).toBe('Forbidden');
    } finally {
      server.handle((req, res) => {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) json(res, 401, { message: 'Unauthenticated.' });
        else json(res, 200, samples.dashboard);
      });
    }
  });
});

describe('no token stored', () => {
  it('is a failure marked no-token, which the token desk words as "add one"', async () => {
    const error = await failureOf(client({ getToken: async () => null }).createStreamToken({ stream: 'cam-1' }));
    expect(error.appError).toMatchObject({ kind: 'Unauthorized', data: { reason: 'no-token' } });
    const desk = deskFailure(error, { streamField: 'stream', stream: 'cam-1' });
    expect(desk).toBeInstanceOf(AppFailure);
    expect((desk as AppFailure).message).toMatch(/^No API token is stored for this server/);
  });

  it('is not confused with a token the server refused', async () => {
    const error = await failureOf(client({ getToken: async () => 'wrong-token-value' }).getDashboard());
    expect(error.kind).toBe('Unauthorized');
    expect(error.appError).toMatchObject({ data: { reason: 'refused' } });
    const desk = deskFailure(error, { streamField: 'stream', stream: 'cam-1' });
    expect((desk as AppFailure).message).toMatch(/^The server refused the API token/);
  });
});
