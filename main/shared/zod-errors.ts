import type { z } from 'zod';
import { messageInWords } from '../../preload/contract/messages/message-words';
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
