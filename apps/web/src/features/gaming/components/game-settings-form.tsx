import {
  baseInfoFromForm,
  createGameFormSchema,
  GAME_DEFAULTS,
  type GameType,
  gameFieldMessages,
  gameTypes,
  isRoundRangeValid,
  restartGameFormSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { Field } from '../../../components/form/field.tsx';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

const NUMBER_FIELDS = ['productVersion', 'totalTime', 'totalRounds', 'roundInfoMin', 'roundInfoMax'] as const;
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** A number typed into a text input: blank is missing (its "Please input…" message), other text not a number. */
function numberFromText(text: unknown): number | undefined {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') return undefined;
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The form's text values as the contract's form schema reads them. */
function fromText(value: unknown) {
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = { ...value };
  for (const name of NUMBER_FIELDS) result[name] = numberFromText(result[name]);
  if (result.gameType === '') result.gameType = undefined;
  return result;
}

const createSchema = z.preprocess(fromText, createGameFormSchema);
const restartSchema = z.preprocess(fromText, restartGameFormSchema);

export interface GameSettingsValues {
  [name: string]: string;
  gameId: string;
  productId: string;
  arId: string;
  productVersion: string;
  totalTime: string;
  roundInfoMin: string;
  roundInfoMax: string;
  totalRounds: string;
  gameType: string;
}

/**
 * The round range's pair of messages, checked on its own: the schema checks the range only once every other field
 * is valid, and a visitor changing one bound should see both at once.
 */
function checkRounds(values: GameSettingsValues): Partial<Record<keyof GameSettingsValues, string>> {
  const min = numberFromText(values.roundInfoMin);
  const max = numberFromText(values.roundInfoMax);
  if (min === undefined || max === undefined || Number.isNaN(min) || Number.isNaN(max)) return {};
  if (isRoundRangeValid(min, max)) return {};
  return { roundInfoMin: gameFieldMessages.roundsMinAboveMax, roundInfoMax: gameFieldMessages.roundsMaxBelowMin };
}

export interface GameSettingsFormProps {
  /** Restart asks for the game too. */
  mode: 'create' | 'restart';
  prefill: { productId: string; gameId: string; productVersion: string; gameType: GameType | '' };
  onInvoke: (args: readonly unknown[]) => Promise<void>;
}

/** CreateGame and RestartGame: a game's settings (SPEC §3 "game base info"), with SPEC §9's defaults. */
export function GameSettingsForm({ mode, prefill, onInvoke }: GameSettingsFormProps) {
  const isRestart = mode === 'restart';
  const form = useZodForm({
    schema: isRestart ? restartSchema : createSchema,
    initialValues: {
      gameId: prefill.gameId,
      productId: prefill.productId,
      arId: GAME_DEFAULTS.arId,
      productVersion: prefill.productVersion,
      totalTime: String(GAME_DEFAULTS.totalTime),
      roundInfoMin: String(GAME_DEFAULTS.roundInfoMin),
      roundInfoMax: String(GAME_DEFAULTS.roundInfoMax),
      totalRounds: String(GAME_DEFAULTS.totalRounds),
      gameType: prefill.gameType || GAME_DEFAULTS.gameType,
    } satisfies GameSettingsValues as GameSettingsValues,
    crossCheck: checkRounds,
    dependents: { roundInfoMin: ['roundInfoMax'], roundInfoMax: ['roundInfoMin'] },
    onSubmit: async (values) => {
      const baseInfo = baseInfoFromForm(values);
      await onInvoke(isRestart && 'gameId' in values ? [values.gameId, baseInfo] : [values.arId, baseInfo]);
    },
  });
  const { errors, register, fieldId } = form;
  const numberInput = { className: 'input', inputMode: 'numeric' as const, autoComplete: 'off' };
  return (
    <form ref={form.formRef} className="form gaming-form" onSubmit={form.handleSubmit} noValidate>
      {isRestart ? (
        <InputField
          form={form}
          name="gameId"
          label="Game ID"
          isRequired
          className="input gaming-mono"
          autoComplete="off"
          spellCheck={false}
        />
      ) : null}
      <div className="form__row">
        <InputField
          form={form}
          name="productId"
          label="Product ID"
          isRequired
          className="input gaming-mono"
          autoComplete="off"
          spellCheck={false}
        />
        <InputField form={form} name="arId" label="AR ID" isRequired autoComplete="off" spellCheck={false} />
        <InputField
          form={form}
          name="productVersion"
          label="Product Version"
          isRequired
          hint="A released or testing version number"
          {...numberInput}
        />
        <Field id={fieldId('gameType')} label="Game Type" error={errors.gameType}>
          <select className="input" {...register('gameType')}>
            {gameTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <InputField form={form} name="totalTime" label="Total Time (seconds)" isRequired {...numberInput} />
        <InputField form={form} name="totalRounds" label="Total Rounds" isRequired {...numberInput} />
        <InputField form={form} name="roundInfoMin" label="Minimum Rounds" isRequired {...numberInput} />
        <InputField form={form} name="roundInfoMax" label="Maximum Rounds" isRequired {...numberInput} />
      </div>
      <SubmitRow isSubmitting={form.isSubmitting}>{isRestart ? 'Restart game' : 'Create game'}</SubmitRow>
    </form>
  );
}
