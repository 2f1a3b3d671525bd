import type { ProfileView } from '../../../preload/contract/connect';
import type { CaCertificateSummary } from '../../../preload/contract/wire/ca-certificate';
import type { MessageKey } from '../../../preload/contract/messages';
import type { FactTone } from './test-status';

/** How a person recognises a CA: its common name, or its whole subject when it has none. */
export function caName(certificate: CaCertificateSummary): string {
  return certificate.commonName ?? certificate.subject;
}

/** What a server card says about its certificate trust (the date is filled by the caller); null for the usual trust. */
export interface TrustFact {
  key: MessageKey;
  tone: FactTone;
  name?: string;
  /** ISO date the key's `{{date}}` shows. */
  date?: string;
}

/**
 * The trust fact of a card: a CA that has to be chosen again first (nothing connects until it is), a pin, or the
 * custom CA by name and expiry (an expired one in red; with several, the first stands for them, the form lists all).
 */
export function trustFact(profile: Pick<ProfileView, 'tls' | 'caNeeded' | 'caCertificates'>): TrustFact | null {
  if (profile.caNeeded) return { key: 'connect.caNeeded', tone: 'bad' };
  if (profile.tls.mode === 'pin') return { key: 'connect.pinnedCertificate', tone: 'neutral' };
  if (profile.tls.mode !== 'ca') return null;
  const first = profile.caCertificates?.[0];
  if (!first) return { key: 'connect.customCa', tone: 'neutral' };
  const name = profile.caCertificates!.length > 1 ? `${caName(first)} +${profile.caCertificates!.length - 1}` : caName(first);
  return first.expired ? { key: 'connect.customCaExpired', tone: 'bad', name, date: first.validTo } : { key: 'connect.customCaNamed', tone: 'neutral', name, date: first.validTo };
}
