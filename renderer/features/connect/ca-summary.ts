import type { ProfileView } from '../../../preload/contract/connect';
import type { CaCertificateSummary } from '../../../preload/contract/wire/ca-certificate';
import type { MessageKey } from '../../../preload/contract/messages';
import type { FactTone } from './test-status';

/** How a person recognises a CA: its common name, or its whole subject when it has none. */
export function caName(certificate: CaCertificateSummary): string {
  return certificate.commonName ?? certificate.subject;
}

/**
 * What the CA field's summary says: the authorities the profile will trust, how many of them have expired (a warning
 * when some have; main refuses the text when all have), and the servers' own certificates, which are not kept.
 */
export function caOverview(certificates: CaCertificateSummary[]): { authorities: CaCertificateSummary[]; expired: number; servers: CaCertificateSummary[] } {
  const authorities = certificates.filter((certificate) => certificate.authority);
  return {
    authorities,
    expired: authorities.filter((certificate) => certificate.expired).length,
    servers: certificates.filter((certificate) => !certificate.authority),
  };
}

/** A certificate's issuer as a person names it: its common name (`CN=`), or the whole issuer when it has none. */
export function issuerName(issuer: string): string {
  const names = [...issuer.matchAll(/(?:^|[,\n/]\s*)CN\s*=\s*([^,\n/]+)/g)].map((match) => match[1]!.trim());
  return names.at(-1) || issuer;
}

/** The custom CA a profile trusts, by name, for a sentence ("Watchdesk Test CA", "A, B"); null when none is known. */
export function customCaNames(profile: Pick<ProfileView, 'caCertificates'>): string | null {
  const names = (profile.caCertificates ?? []).filter((certificate) => certificate.authority).map(caName);
  return names.length > 0 ? names.join(', ') : null;
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
