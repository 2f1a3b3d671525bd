import { z } from 'zod';
import { fieldMessage } from '../messages/field-message';
import { checkCaPem } from './ca-pem';

export * from './ca-pem';

/**
 * The CA text a profile stores: one or more PEM certificates, kept canonical (the blocks only, one after the other).
 * Field errors are catalog keys (see fieldMessage), said in words by whoever shows them.
 */
export const caPemSchema = z
  .string({ error: fieldMessage('validation.connect.caPemRequired') })
  .transform((text, ctx) => {
    const checked = checkCaPem(text);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: fieldMessage(checked.problem.key, checked.problem.values) });
      return z.NEVER;
    }
    return checked.certificates.join('');
  });
