import { X509Certificate } from 'node:crypto';
import { caTextFromFile, checkCaPem, holdsPrivateKey, type CaCertificateSummary, type ChosenCaFile } from '../../preload/contract/wire/ca-certificate';
import type { Profile } from '../../preload/contract/wire/profile';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';

/**
 * A CA text as main trusts it: the contract's PEM check (blocks, only certificates, intact base64), then each block
 * parsed as X.509 by Node. The summary (whom each certificate names, until when) is what the form and the card show.
 */

/** Why a CA text was refused, as the sentence for its field; `field` is the path the caller's form knows it by. */
export class CaRefused extends Error {
  constructor(readonly sentence: string) {
    super(sentence);
    this.name = 'CaRefused';
  }

  /** The failure for a form: the general sentence, and the reason next to the CA field. */
  failure(field: string): AppFailure {
    return new AppFailure('Validation', said('errors.connect.caInvalid'), { fieldErrors: { [field]: [this.sentence] } });
  }
}

/**
 * The certificates of a CA text, checked and described; throws CaRefused with the reason in words. Only authorities
 * are kept (`caPem`): a server's own certificate in the paste is described (the form says it is not kept) but
 * vouches for nothing. A text with no authority at all, or whose authorities have all expired, is refused: trusting
 * it would connect to nothing, and the person would only learn it from a failed test.
 */
export function readCaCertificates(text: string, now: Date = new Date()): { caPem: string; certificates: CaCertificateSummary[] } {
  const parsed = parseCaCertificates(text, now);
  const authorities = parsed.filter((entry) => entry.summary.authority);
  if (authorities.length === 0) {
    const first = parsed[0]!.summary;
    throw new CaRefused(t('errors.connect.caNotAuthority', { name: first.commonName ?? first.subject, issuer: first.issuer }));
  }
  if (authorities.every((entry) => entry.summary.expired)) {
    const list = authorities.map(({ summary }) => t('errors.connect.caExpiredItem', { name: summary.commonName ?? summary.subject, date: summary.validTo.slice(0, 10) })).join(', ');
    throw new CaRefused(t('errors.connect.caAllExpired', { count: authorities.length, list }));
  }
  return { caPem: authorities.map((entry) => entry.pem).join(''), certificates: parsed.map((entry) => entry.summary) };
}

/** Every certificate of a CA text parsed as X.509 and described, authority or not, expired or not. */
function parseCaCertificates(text: string, now: Date): { pem: string; summary: CaCertificateSummary }[] {
  const checked = checkCaPem(text);
  if (!checked.ok) throw new CaRefused(t(checked.problem.key, checked.problem.values));
  return checked.certificates.map((pem, index) => {
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(pem);
    } catch {
      throw new CaRefused(t('errors.connect.caNotX509', { number: index + 1 }));
    }
    return { pem, summary: summarise(x509, now) };
  });
}

/** The same as readCaCertificates for a file's bytes (a DER file is taken too); null when it is no certificate file. */
export function readCaFile(bytes: Uint8Array, now: Date = new Date()): ChosenCaFile | null {
  const text = caTextFromFile(bytes);
  if (text === null) return null;
  // Said as a file's problem: the field never showed the key, and the file chosen was not used.
  if (holdsPrivateKey(text)) throw new CaRefused(t('errors.connect.caFilePrivateKey'));
  return readCaCertificates(text, now);
}

/**
 * Summaries of the CA texts profiles hold, by text: a profile list with large bundles would otherwise parse every
 * certificate again on each call. Bounded, oldest dropped first; `expired` is worked out again on each read.
 */
const storedSummaries = new Map<string, CaCertificateSummary[]>();
const STORED_SUMMARIES_KEPT = 64;

/**
 * The summaries of text a profile already holds (checked when saved); empty if it no longer reads. A CA that has
 * expired since is still described (the card says so in red).
 */
export function describeStoredCa(caPem: string, now: Date = new Date()): CaCertificateSummary[] {
  let certificates = storedSummaries.get(caPem);
  if (!certificates) {
    try {
      certificates = parseCaCertificates(caPem, now).map((entry) => entry.summary);
    } catch {
      certificates = [];
    }
    if (storedSummaries.size >= STORED_SUMMARIES_KEPT) storedSummaries.delete(storedSummaries.keys().next().value!);
    storedSummaries.set(caPem, certificates);
  }
  return certificates.map((certificate) => ({ ...certificate, expired: new Date(certificate.validTo).getTime() < now.getTime() }));
}

/** True when a profile's stored CA text no longer reads as certificates (edited by hand, damaged on disk). */
export function storedCaUnreadable(caPem: string): boolean {
  return describeStoredCa(caPem).length === 0;
}

/**
 * Whether a profile's CA has to be given again before it connects: marked so when a CA file path it once kept could
 * not be taken over, or its stored text no longer reads. The card and the client decide from this one answer.
 */
export function caMissing(profile: Pick<Profile, 'caNeeded' | 'tls'>): boolean {
  return profile.caNeeded === true || (profile.tls.mode === 'ca' && storedCaUnreadable(profile.tls.caPem));
}

function summarise(x509: X509Certificate, now: Date): CaCertificateSummary {
  const validTo = new Date(x509.validTo);
  return {
    commonName: commonNameOf(x509.subject),
    subject: withoutDirectionControls(x509.subject.split('\n').filter(Boolean).join(', ')),
    validTo: validTo.toISOString(),
    expired: validTo.getTime() < now.getTime(),
    sha256: x509.fingerprint256,
    authority: x509.ca,
    issuer: commonNameOf(x509.issuer) ?? x509.issuer.split('\n').filter(Boolean).join(', '),
  };
}

/** `CN=Example Root CA` out of Node's one-attribute-per-line subject; the last CN when there are several. */
function commonNameOf(subject: string): string | null {
  const names = subject
    .split('\n')
    .filter((line) => line.startsWith('CN='))
    .map((line) => line.slice(3).trim());
  return withoutDirectionControls(names.at(-1) ?? '') || null;
}

/**
 * A certificate's names are chosen by whoever made it: right-to-left overrides and isolates in them would turn the
 * rest of the line they are shown in around ("valid until …" read backwards). They carry no meaning in a name.
 */
function withoutDirectionControls(text: string): string {
  return text.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
}
