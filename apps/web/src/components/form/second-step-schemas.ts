// The second step's schemas, in a module of their own: the sign-in screens load it (and zod with it) when a
// visitor first reaches the form, not with the page (see `SchemaSource`).
import { recoveryCodeSchema, totpCodeSchema } from '@portal/contracts';
import { z } from 'zod';

export const codeFormSchema = z.object({ code: totpCodeSchema });
/** The same field, holding a recovery code: the form asks for one answer at a time. */
export const recoveryCodeFormSchema = z.object({ code: recoveryCodeSchema });
