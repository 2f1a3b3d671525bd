import { X509Certificate } from 'node:crypto';
import { caTextFromFile, checkCaPem, type CaCertificateSummary, type ChosenCaFile } from '../../preload/contract/wire/ca-certificate';
import { AppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';

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
    return new AppFailure('Validation', t('errors.connect.caInvalid'), { fieldErrors: { [field]: [this.sentence] } });
  }
}

/** The certificates of a CA text, checked and described; throws CaRefused with the reason in words. */
export function readCaCertificates(text: string, now: Date = new Date()): { caPem: string; certificates: CaCertificateSummary[] } {
  const checked = checkCaPem(text);
  if (!checked.ok) throw new CaRefused(t(checked.problem.key, checked.problem.values));
  const certificates = checked.certificates.map((pem, index) => {
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(pem);
    } catch {
      throw new CaRefused(t('errors.connect.caNotX509', { number: index + 1 }));
    }
    return summarise(x509, now);
  });
  return { caPem: checked.certificates.join(''), certificates };
}

/** The same as readCaCertificates for a file's bytes (a DER file is taken too); null when it is no certificate file. */
export function readCaFile(bytes: Uint8Array, now: Date = new Date()): ChosenCaFile | null {
  const text = caTextFromFile(bytes);
  return text === null ? null : readCaCertificates(text, now);
}

/** The summaries of text a profile already holds (checked when saved); empty if it no longer reads. */
export function describeStoredCa(caPem: string): CaCertificateSummary[] {
  try {
    return readCaCertificates(caPem).certificates;
  } catch {
    return [];
  }
}

function summarise(x509: X509Certificate, now: Date): CaCertificateSummary {
  const validTo = new Date(x509.validTo);
  return {
    commonName: commonNameOf(x509.subject),
    subject: x509.subject.split('\n').filter(Boolean).join(', '),
    validTo: validTo.toISOString(),
    expired: validTo.getTime() < now.getTime(),
    sha256: x509.fingerprint256,
  };
}

/** `CN=Example Root CA` out of Node's one-attribute-per-line subject; the last CN when there are several. */
function commonNameOf(subject: string): string | null {
  const names = subject
    .split('\n')
    .filter((line) => line.startsWith('CN='))
    .map((line) => line.slice(3).trim());
  return names.at(-1) || null;
}
