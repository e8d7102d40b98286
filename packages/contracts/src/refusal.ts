import type { ErrorCode } from './errors.ts';

/**
 * A rule's no: the error code to answer with. The version rules answer with the portal's codes; the game rules
 * narrow `C` to the game server's own.
 */
export type Refusal<C extends string = ErrorCode> = { refused: C };

export const refuse = <C extends string>(code: C): Refusal<C> => ({ refused: code });

/** Whether a rule's answer is a refusal; `C` names the codes the rule answers with (the portal's by default). */
export const isRefusal = <C extends string = ErrorCode>(value: unknown): value is Refusal<C> =>
  typeof value === 'object' && value !== null && 'refused' in value;
