import type { z } from 'zod';
import { messageInWords, parseFieldMessage } from '../../preload/contract/messages/message-words';
import type { Said } from '../../preload/contract/said';
import { t } from './i18n';

/** A zod issue's message in the operator's language (the contract's schemas carry catalog keys, see fieldMessage). */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return messageInWords(issue.message, t);
}

/** Turns zod issues into `field path -> messages`, the shape every form shows next to its fields. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (fieldErrors[key] ??= []).push(issueMessage(issue));
  }
  return fieldErrors;
}

/** How the first reason of each field was said, for the fields whose reason is from the catalog (see fieldMessage). */
export function fieldSaidFromZod(error: z.ZodError): Record<string, Said> {
  const kept: Record<string, Said> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (key in kept) continue;
    const parsed = parseFieldMessage(issue.message);
    if (!parsed) continue;
    const values: NonNullable<Said['values']> = {};
    for (const [name, value] of Object.entries(parsed.values ?? {})) if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    kept[key] = Object.keys(values).length > 0 ? { key: parsed.key, values } : { key: parsed.key };
  }
  return kept;
}
