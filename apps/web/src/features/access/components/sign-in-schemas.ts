// The Login page's schemas, in a module of their own: its forms load it (and zod with it) when a visitor first
// reaches them, not with the page (see `SchemaSource`).
import { accessMessages, confirmPasswordSchema, loginBodySchema, registerBodySchema } from '@portal/contracts';
import { z } from 'zod';

export const loginFormSchema = loginBodySchema;

export const registerFormSchema = registerBodySchema.extend({
  confirmPassword: confirmPasswordSchema,
  agreement: z.boolean().refine((accepted) => accepted, { error: accessMessages.acceptTerms }),
});
