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
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
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
        <Field id={fieldId('gameId')} label="Game ID" isRequired error={errors.gameId}>
          <input className="input gaming-mono" autoComplete="off" spellCheck={false} {...register('gameId')} />
        </Field>
      ) : null}
      <div className="form__row">
        <Field id={fieldId('productId')} label="Product ID" isRequired error={errors.productId}>
          <input className="input gaming-mono" autoComplete="off" spellCheck={false} {...register('productId')} />
        </Field>
        <Field id={fieldId('arId')} label="AR ID" isRequired error={errors.arId}>
          <input className="input" autoComplete="off" spellCheck={false} {...register('arId')} />
        </Field>
        <Field
          id={fieldId('productVersion')}
          label="Product Version"
          isRequired
          error={errors.productVersion}
          hint="A released or testing version number"
        >
          <input {...numberInput} {...register('productVersion')} />
        </Field>
        <Field id={fieldId('gameType')} label="Game Type" error={errors.gameType}>
          <select className="input" {...register('gameType')}>
            {gameTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fieldId('totalTime')} label="Total Time (seconds)" isRequired error={errors.totalTime}>
          <input {...numberInput} {...register('totalTime')} />
        </Field>
        <Field id={fieldId('totalRounds')} label="Total Rounds" isRequired error={errors.totalRounds}>
          <input {...numberInput} {...register('totalRounds')} />
        </Field>
        <Field id={fieldId('roundInfoMin')} label="Minimum Rounds" isRequired error={errors.roundInfoMin}>
          <input {...numberInput} {...register('roundInfoMin')} />
        </Field>
        <Field id={fieldId('roundInfoMax')} label="Maximum Rounds" isRequired error={errors.roundInfoMax}>
          <input {...numberInput} {...register('roundInfoMax')} />
        </Field>
      </div>
      <div className="form__actions">
        <Button type="submit" isLoading={form.isSubmitting}>
          {isRestart ? 'Restart game' : 'Create game'}
        </Button>
      </div>
    </form>
  );
}
