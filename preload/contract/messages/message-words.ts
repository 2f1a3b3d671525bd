import { en, type MessageKey, type MessageValues } from './index';

/**
 * Reading back what `fieldMessage` (./field-message.ts) wrote into a zod issue. Kept apart from it so the schema
 * modules, which only write keys, do not carry the whole catalog.
 */

/** `validation.x.y` or `validation.x.y{"max":20}`: a key and its values, as `fieldMessage` writes them. */
const encoded = /^([A-Za-z]\w*(?:\.\w+)+)(\{.*\})?$/s;

/** True when `key` names a message of the English catalog (a plural key by its base). */
export function isMessageKey(key: string): key is MessageKey {
  let node: unknown = en;
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'object' || node === null) return false;
  const leaves = node as Record<string, unknown>;
  return typeof leaves[last] === 'string' || typeof leaves[`${last}_other`] === 'string';
}

/** The key and values `fieldMessage` wrote, or null when `message` is not one (zod's own text, a plain sentence). */
export function parseFieldMessage(message: string): { key: MessageKey; values?: MessageValues } | null {
  const match = encoded.exec(message);
  const key = match?.[1];
  if (!match || key === undefined || !isMessageKey(key)) return null;
  if (match[2] === undefined) return { key };
  try {
    return { key, values: JSON.parse(match[2]) as MessageValues };
  } catch {
    return null;
  }
}

/** A zod issue's message as a sentence in the caller's language: catalog keys through `t`, anything else as it is. */
export function messageInWords(message: string, t: (key: MessageKey, values?: MessageValues) => string): string {
  const parsed = parseFieldMessage(message);
  return parsed ? t(parsed.key, parsed.values) : message;
}
