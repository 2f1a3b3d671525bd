import type { ProfileView } from '../../../preload/contract/connect';
import type { MessageKey } from '../../../preload/contract/messages';

export type FactTone = 'ok' | 'warn' | 'bad' | 'neutral';

/** One fact on a server card: a catalog key (its `{{ago}}` filled by the caller) and how it reads. */
export interface CardFact {
  key: MessageKey;
  tone: FactTone;
  /** When the fact was found (the key then has `{{ago}}`). */
  at: string | null;
}

const tokenTones: Record<ProfileView['tokenSource'], FactTone> = { keychain: 'ok', demo: 'ok', session: 'warn', none: 'bad' };

/**
 * What a server card says about its token and its last test. A token the server refused at the last test is not
 * "in keychain" in green: the card says it was refused, and when, in place of where it is kept.
 */
export function cardFacts(profile: Pick<ProfileView, 'tokenSource' | 'lastTest'>): CardFact[] {
  const test = profile.lastTest;
  if (!test) return [{ key: `connect.tokenState.${profile.tokenSource}`, tone: tokenTones[profile.tokenSource], at: null }, { key: 'connect.lastTest.never', tone: 'neutral', at: null }];
  if (test.failedStep === 'Token' && test.kind === 'Unauthorized' && profile.tokenSource !== 'none') return [{ key: 'connect.lastTest.refused', tone: 'bad', at: test.at }];
  const token: CardFact = { key: `connect.tokenState.${profile.tokenSource}`, tone: tokenTones[profile.tokenSource], at: null };
  if (test.outcome === 'works') return [token, { key: 'connect.lastTest.works', tone: 'ok', at: test.at }];
  if (test.outcome === 'incomplete') return [token, { key: 'connect.lastTest.incomplete', tone: 'warn', at: test.at }];
  return [token, { key: `connect.lastTest.failed.${test.failedStep ?? 'HTTP'}`, tone: 'bad', at: test.at }];
}
