import type { z } from 'zod';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { fieldErrorsFromZod } from '../shared/zod-errors';
import { cameraAgentIdArgumentSchema } from './camera-agent-answer';

/** What a request's values are, in the sentence that says some of them are wrong. */
export type RequestValues = 'invalidTokenSettings' | 'invalidTokenRequest' | 'invalidCamera' | 'invalidDevice' | 'invalidDashboard' | 'invalidTask';

/** Checks an argument against its wire schema before anything is sent; failures name the fields. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what: RequestValues): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsFromZod(result.error);
  throw new AppFailure('Validation', said(`errors.client.${what}`), { fieldErrors, details: `request not sent: ${Object.keys(fieldErrors).join(', ')}` });
}

/** A device id as endpoint 5 takes it; a Validation failure, before anything is sent, for one the schema refuses. */
export function cameraAgentId(id: unknown): string | number {
  // A digit string is sent as typed: the server, not the console, decides which numbers it can take (422). The schema
  // transforms nothing, so an id that passes the compiled check is sent as it is, with no result object made for it
  // (a watch cycle checks thousands); one that does not is parsed again for the field's sentence.
  const schema = cameraAgentIdArgumentSchema();
  if (schema.validate(id)) return id;
  return validate(schema, id, 'invalidDevice');
}
