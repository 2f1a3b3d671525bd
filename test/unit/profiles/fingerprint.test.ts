import { describe, expect, it } from 'vitest';
import { normalizeFingerprint, tlsTrustSchema as clientTlsTrustSchema } from '../../../preload/contract/wire/platform';
import { profileInputSchema } from '../../../preload/contract/wire/profile';

/** A pinned fingerprint means the same to a saved profile and to the platform client: one normaliser serves both. */
const canonical = Array(32).fill('0F').join(':');
const profileWithPin = (sha256: string) => ({ name: 'Site', baseUrl: 'https://vms.example.com', tls: { mode: 'pin', sha256 } });

describe('SHA-256 fingerprints', () => {
  it('accepts pairs with colons, spaces or nothing between them, in any case', () => {
    for (const text of [canonical, canonical.toLowerCase(), canonical.replace(/:/g, ''), canonical.replace(/:/g, ' '), `  ${canonical}  `]) {
      expect(normalizeFingerprint(text)).toBe(canonical);
    }
  });

  it('refuses other separators and stray characters rather than dropping them', () => {
    expect(normalizeFingerprint(canonical.replace(/:/g, '-'))).toBeNull();
    expect(normalizeFingerprint(`SHA256 Fingerprint=${canonical}`)).toBeNull();
    expect(normalizeFingerprint(canonical.slice(3))).toBeNull();
  });

  it('is accepted and refused alike by the profile and the client', () => {
    for (const text of [canonical.toLowerCase(), canonical.replace(/:/g, '-'), 'AB:CD']) {
      const profile = profileInputSchema.safeParse(profileWithPin(text));
      const client = clientTlsTrustSchema.safeParse({ mode: 'pin', sha256: text });
      expect(profile.success).toBe(client.success);
      if (profile.success && client.success) {
        expect(profile.data.tls).toMatchObject({ sha256: canonical });
        expect(client.data).toEqual({ mode: 'pin', sha256: canonical });
      }
    }
  });
});
