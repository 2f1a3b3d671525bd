/**
 * MAC addresses as installers type them: `AA:BB:CC:DD:EE:FF`, `aa-bb-cc-dd-ee-ff`, Cisco's `aabb.ccdd.eeff`,
 * twelve bare hex digits from a label or a barcode scanner, with stray spaces. The platform takes the colon form.
 */

export type MacCheck =
  | { ok: true; mac: string }
  | { ok: false; reason: 'empty' | 'characters' | 'length' | 'zero' | 'broadcast' | 'multicast' };

const SEPARATED = /^[0-9a-f]{1,2}([:-])[0-9a-f]{1,2}(\1[0-9a-f]{1,2}){4}$/i;
const DOTTED = /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i;
const BARE = /^[0-9a-f]{12}$/i;

/** The six octets of a MAC in any common notation, or null when it is not one. */
function octetsOf(text: string): string[] | null {
  if (SEPARATED.test(text)) return text.split(/[:-]/).map((part) => part.padStart(2, '0'));
  if (DOTTED.test(text) || BARE.test(text)) {
    const hex = text.replace(/\./g, '');
    return hex.match(/../g) ?? null;
  }
  return null;
}

/** Normalises and checks a MAC: the colon form in upper case, or the reason it cannot be a camera's address. */
export function checkMac(input: string): MacCheck {
  // Labels and scanners add spaces, and some print "MAC: ..." — keep only what can be part of the address.
  const text = input.trim().replace(/^mac\s*[:=]?\s*/i, '').replace(/\s+/g, '');
  if (text === '') return { ok: false, reason: 'empty' };
  if (/[^0-9a-f:.-]/i.test(text)) return { ok: false, reason: 'characters' };
  const octets = octetsOf(text);
  if (!octets) return { ok: false, reason: 'length' };
  const mac = octets.join(':').toUpperCase();
  if (mac === '00:00:00:00:00:00') return { ok: false, reason: 'zero' };
  if (mac === 'FF:FF:FF:FF:FF:FF') return { ok: false, reason: 'broadcast' };
  // A camera's own address is unicast: the lowest bit of the first octet is 0.
  if ((parseInt(octets[0]!, 16) & 1) === 1) return { ok: false, reason: 'multicast' };
  return { ok: true, mac };
}

/** The colon form, or null. */
export function normalizeMac(input: string): string | null {
  const check = checkMac(input);
  return check.ok ? check.mac : null;
}
