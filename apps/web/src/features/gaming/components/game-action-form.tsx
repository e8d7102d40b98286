import { type GameAction, gameActionArgsSchemas, gameActionParameters } from '@portal/contracts';
import type { z } from 'zod';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { InputField, TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { gameActionDescriptions } from './game-actions.ts';

/** Every action but the two that take a game's settings. */
export type PlainGameAction = Exclude<GameAction, 'CreateGame' | 'RestartGame'>;

type ArgName = 'gameId' | 'text' | 'key' | 'value';

const FIELD_LABELS: Record<ArgName, string> = {
  gameId: 'Game ID',
  text: 'Game Information',
  key: 'Key',
  value: 'Value',
};

/** The arguments the form asks for: LeaveAllGame takes none (SPEC §7). */
const argsOf = (action: PlainGameAction): readonly ArgName[] =>
  action === 'LeaveAllGame' ? [] : (gameActionParameters[action] as readonly ArgName[]);

export interface GameActionFormProps {
  action: PlainGameAction;
  gameId: string;
  onInvoke: (args: readonly unknown[]) => Promise<void>;
}

/** The form of an action taking a game id and maybe some text, checked by the action's own arguments schema. */
export function GameActionForm({ action, gameId, onInvoke }: GameActionFormProps) {
  const names = argsOf(action);
  const form = useZodForm({
    schema: gameActionArgsSchemas[action] as unknown as z.ZodType<Record<string, unknown>>,
    initialValues: Object.fromEntries(names.map((name) => [name, name === 'gameId' ? gameId : ''])) as Record<
      string,
      string
    >,
    onSubmit: (values) => onInvoke(names.map((name) => values[name])),
  });
  const isTextOptional = action === 'StartGameV1';
  return (
    <form ref={form.formRef} className="form gaming-form" onSubmit={form.handleSubmit} noValidate>
      {names.map((name) =>
        name === 'text' || name === 'value' ? (
          <TextAreaField
            key={name}
            form={form}
            name={name}
            label={FIELD_LABELS[name]}
            isRequired={!(name === 'text' && isTextOptional)}
            hint={name === 'text' && isTextOptional ? 'Optional' : undefined}
            className="input textarea textarea--short"
            spellCheck={false}
          />
        ) : (
          <InputField
            key={name}
            form={form}
            name={name}
            label={FIELD_LABELS[name]}
            isRequired
            className={name === 'gameId' ? 'input gaming-mono' : 'input'}
            autoComplete="off"
            spellCheck={false}
          />
        ),
      )}
      <SubmitRow isSubmitting={form.isSubmitting}>{gameActionDescriptions[action].label}</SubmitRow>
    </form>
  );
}
