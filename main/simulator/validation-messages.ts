import type { z } from 'zod';
import { addFieldError, type FieldErrors } from './http/reply';

/**
 * zod issues -> Laravel-style field errors (`streams.0.type` -> ["The selected streams.0.type is invalid."]),
 * the shape the spec shows for 422 bodies. Messages name the field key so a person can act on them.
 */
const typeWords: Record<string, string> = {
  string: 'a string',
  int: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describe(issue: z.core.$ZodIssue, key: string, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return `The ${key} field is required.`;
      return `The ${key} field must be ${typeWords[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `The ${key} field is required.`;
      if (issue.origin === 'string') return `The ${key} field must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `The ${key} field must have at least ${issue.minimum} items.`;
      return `The ${key} field must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `The ${key} field must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `The ${key} field must not have more than ${issue.maximum} items.`;
      return `The ${key} field must not be greater than ${issue.maximum}.`;
    case 'invalid_value':
      return `The selected ${key} is invalid (allowed: ${issue.values.map(String).join(', ')}).`;
    case 'invalid_union':
      // A union with its own phrase (e.g. log_extra) says it; the id-or-key unions use the default.
      return issue.message !== 'Invalid input' ? `The ${key} field ${issue.message}.` : `The ${key} field must be a string or an integer.`;
    case 'invalid_format':
      // Our schemas give every format check a phrase that continues "The <key> field ...".
      return `The ${key} field ${issue.message}.`;
    default:
      return issue.message;
  }
}

export function fieldErrorsFromIssues(error: z.ZodError, input: unknown, into: FieldErrors = {}): FieldErrors {
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) addFieldError(into, [...issue.path, k].map(String).join('.'), `The ${k} field is not allowed.`);
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    addFieldError(into, key, describe(issue, key, input));
  }
  return into;
}
