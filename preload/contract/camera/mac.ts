/**
 * MAC addresses as installers type them: `AA:BB:CC:DD:EE:FF`, `aa-bb-cc-dd-ee-ff`, Cisco's `aabb.ccdd.eeff`,
 * twelve bare hex digits from a label or a barcode scanner, with stray spaces. The platform takes the colon form.
 */

export type MacCheck =
  | { ok: true; mac: string }
  | { ok: false; reason: 'empty' | 'characters' | 'length' | 'zero' | 'broadcast' | 'multicast' };

/** The platform's own form (and what most files hold): checked with one test, no splitting or rebuilding. */
const COLON_FORM = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;
const SEPARATED = /^[0-9a-f]{1,2}([:-])[0-9a-f]{1,2}(\1[0-9a-f]{1,2}){4}$/i;
const DOTTED = /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i;
const BARE = /^[0-9a-f]{12}$/i;
const LABEL = /^mac\s*[:=]?\s*/i;
const SPACES = /\s+/g;
const NOT_MAC_CHARACTER = /[^0-9a-f:.-]/i;
const SEPARATOR = /[:-]/;
const DOTS = /\./g;
const PAIRS = /../g;

/** The six octets of a MAC in any common notation, or null when it is not one. */
function octetsOf(text: string): string[] | null {
  if (SEPARATED.test(text)) return text.split(SEPARATOR).map((part) => part.padStart(2, '0'));
  if (DOTTED.test(text) || BARE.test(text)) {
    const hex = text.replace(DOTS, '');
    return hex.match(PAIRS) ?? null;
  }
  return null;
}

/** Any common notation in the colon form, upper case, or why it cannot be read as a MAC at all. */
function colonFormOf(input: string): string | 'empty' | 'characters' | 'length' {
  if (COLON_FORM.test(input)) return input.toUpperCase();
  // Labels and scanners add spaces, and some print "MAC: ..." — keep only what can be part of the address.
  const text = input.trim().replace(LABEL, '').replace(SPACES, '');
  if (text === '') return 'empty';
  if (NOT_MAC_CHARACTER.test(text)) return 'characters';
  const octets = octetsOf(text);
  return octets ? octets.join(':').toUpperCase() : 'length';
}

/** Normalises and checks a MAC: the colon form in upper case, or the reason it cannot be a camera's address. */
export function checkMac(input: string): MacCheck {
  const mac = colonFormOf(input);
  if (mac === 'empty' || mac === 'characters' || mac === 'length') return { ok: false, reason: mac };
  if (mac === '00:00:00:00:00:00') return { ok: false, reason: 'zero' };
  if (mac === 'FF:FF:FF:FF:FF:FF') return { ok: false, reason: 'broadcast' };
  // A camera's own address is unicast: the lowest bit of the first octet is 0.
  if ((parseInt(mac.slice(0, 2), 16) & 1) === 1) return { ok: false, reason: 'multicast' };
  return { ok: true, mac };
}

/** The colon form, or null. */
export function normalizeMac(input: string): string | null {
  const check = checkMac(input);
  return check.ok ? check.mac : null;
}
