import { describe, expect, it } from 'vitest';
import { cardFacts } from '../../../renderer/features/connect/test-status';

const at = '2026-11-22T10:00:00.000Z';

describe('what a server card says about its token and last test', () => {
  it('says a token the server refused was refused, not that it is in the keychain', () => {
    const facts = cardFacts({ tokenSource: 'keychain', lastTest: { at, outcome: 'failed', failedStep: 'Token', kind: 'Unauthorized' } });
    expect(facts).toEqual([{ key: 'connect.lastTest.refused', tone: 'bad', at }]);
  });

  it('keeps where the token is when the test worked, and says when', () => {
    const facts = cardFacts({ tokenSource: 'keychain', lastTest: { at, outcome: 'works', failedStep: null, kind: null } });
    expect(facts).toEqual([
      { key: 'connect.tokenState.keychain', tone: 'ok', at: null },
      { key: 'connect.lastTest.works', tone: 'ok', at },
    ]);
  });

  it('names the step that broke when the server could not be reached', () => {
    const facts = cardFacts({ tokenSource: 'keychain', lastTest: { at, outcome: 'failed', failedStep: 'TCP', kind: 'Offline' } });
    expect(facts[1]).toEqual({ key: 'connect.lastTest.failed.TCP', tone: 'bad', at });
  });

  it('does not call a keychain that could not be read a refusal', () => {
    const facts = cardFacts({ tokenSource: 'keychain', lastTest: { at, outcome: 'failed', failedStep: 'Token', kind: 'KeychainUnavailable' } });
    expect(facts[1]).toEqual({ key: 'connect.lastTest.failed.Token', tone: 'bad', at });
  });

  it('says a server without a token was reached but nothing was checked with a token', () => {
    const facts = cardFacts({ tokenSource: 'none', lastTest: { at, outcome: 'incomplete', failedStep: null, kind: null } });
    expect(facts).toEqual([
      { key: 'connect.tokenState.none', tone: 'bad', at: null },
      { key: 'connect.lastTest.incomplete', tone: 'warn', at },
    ]);
  });

  it('says a server was never tested', () => {
    expect(cardFacts({ tokenSource: 'session' })[1]).toEqual({ key: 'connect.lastTest.never', tone: 'neutral', at: null });
  });
});
