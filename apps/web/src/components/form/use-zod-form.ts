import { messages } from '@portal/contracts';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { useIsHydrated } from '../../lib/hydration.ts';
import { errorToastKey } from '../../lib/query-client.ts';
import { useThrottledCallback } from '../../lib/throttle.ts';
import { toast } from '../toast.tsx';

/** What the form holds: text of inputs, checkboxes, and richer values of custom controls (tags, uploads). */
type Values = Record<string, unknown>;

/** The fields of `V` whose values are of type `T`: `register` only binds text fields, `registerCheckbox` booleans. */
type FieldsOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V] & string;

/**
 * A form's schema, or how to load it. zod is a quarter of the Login page's script and the costliest to start: a form
 * of a public page takes its page over without it and loads it when the visitor first reaches the form (a focus, a
 * press, a key), or at the latest when the form is sent. Nothing a visitor sees needs it sooner: a field's message
 * shows once the field was left, and a form sent before its schema is in is checked and sent once it is.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export interface UseZodFormOptions<S extends z.ZodType, V extends Values> {
  schema: SchemaSource<S>;
  initialValues: V;
  onSubmit: (values: z.output<S>) => unknown | Promise<unknown>;
  /** Rules across fields (a confirmation matching its password), checked with the schema on every change. */
  crossCheck?: (values: V) => Partial<Record<keyof V, string>>;
  /**
   * Fields whose message depends on another one (minimum and maximum players): changing a field shows the
   * current message of its dependents once they hold a value.
   */
  dependents?: Partial<Record<keyof V, readonly (keyof V)[]>>;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function firstErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in result)) result[key] = issue.message;
  }
  return result;
}

/** Schemas loaded by `SchemaSource` loaders: a form shown again validates from its first render. */
const loadedSchemas = new WeakMap<() => Promise<z.ZodType>, z.ZodType>();

/** The form's schema once it is in (at once for a schema given as is), and `load`, which brings it in. */
function useSchema<S extends z.ZodType>(source: SchemaSource<S>) {
  const loader = typeof source === 'function' ? source : undefined;
  const [loaded, setLoaded] = useState(() => (loader ? (loadedSchemas.get(loader) as S | undefined) : undefined));
  const loading = useRef<Promise<S> | undefined>(undefined);
  const load = useCallback((): Promise<S> => {
    if (!loader) return Promise.resolve(source as S);
    const known = loadedSchemas.get(loader) as S | undefined;
    if (known) return Promise.resolve(known);
    loading.current ??= loader().then(
      (schema) => {
        loadedSchemas.set(loader, schema);
        setLoaded(() => schema);
        return schema;
      },
      (error: unknown) => {
        // a failed download is tried again by the next attempt
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }, [loader, source]);
  return { schema: loader ? loaded : (source as S), load };
}

/** The first message of each field that `schema` (and `crossCheck`) find wrong in `candidate`. */
function check<S extends z.ZodType, V extends Values>(
  schema: S,
  candidate: V,
  crossCheck: UseZodFormOptions<S, V>['crossCheck'],
) {
  const result = schema.safeParse(candidate);
  const crossErrors = Object.fromEntries(
    Object.entries(crossCheck?.(candidate) ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  if (result.success && Object.keys(crossErrors).length === 0) {
    return { ok: true as const, data: result.data as z.output<S>, errors: {} as Record<string, string> };
  }
  const errors = { ...crossErrors, ...(result.success ? {} : firstErrors(result.error)) };
  return { ok: false as const, data: undefined, errors };
}

/** What a visitor put into `element` when it differs from `initial`, if anything. */
function changedValue(element: Element | RadioNodeList | null, initial: unknown): string | boolean | undefined {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') {
    return element.checked === Boolean(initial) ? undefined : element.checked;
  }
  const isTextField =
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement;
  return isTextField && typeof initial === 'string' && element.value !== initial ? element.value : undefined;
}

/** What `register` spreads onto a text input, textarea or select. */
export interface TextFieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The part of a form that a group of text fields named `K` needs: shared field groups take this. */
export interface TextFieldsOf<K extends string> {
  fieldId: (name: K) => string;
  errors: Partial<Record<K, string>>;
  register: (name: K) => TextFieldProps;
}

/**
 * A small form state for the public pages, validated by the same zod schemas as the API.
 * Errors show once a field is touched or a submit was tried; a failed submit scrolls to the first
 * invalid field and warns "please complete the form" until the form is complete. The error toasts of attempts the
 * server refused go once an attempt goes through.
 */
export function useZodForm<S extends z.ZodType, V extends Values>({
  schema: schema_,
  initialValues,
  onSubmit,
  crossCheck,
  dependents,
}: UseZodFormOptions<S, V>) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // the errors of attempts that failed, whose toasts stay until the form goes through
  const failures = useRef<unknown[]>([]);

  const { schema, load } = useSchema(schema_);

  // until the schema is in, nothing is known to be wrong, and nothing shows (a form is sent only once it is in)
  const allErrors: Record<string, string> = schema ? check(schema, values, crossCheck).errors : {};
  const isComplete = Object.keys(allErrors).length === 0;
  // "please complete the form" goes once it is complete, and with the form (a step that went through, a page left):
  // it never outlives what it asks about
  useEffect(() => {
    if (isComplete) toast.dismiss(formId);
  }, [isComplete, formId]);
  useEffect(() => () => toast.dismiss(formId), [formId]);
  const errors: Partial<Record<keyof V, string>> = {};
  for (const key of Object.keys(values) as Array<keyof V>) {
    const message = serverErrors[key] ?? ((wasSubmitted || touched[key]) && allErrors[key as string]);
    if (message) errors[key] = message;
  }

  // read by setValue, which stays stable across renders
  const latest = useRef({ values, dependents });
  latest.current = { values, dependents };

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    const { values: current, dependents: dependentsOf } = latest.current;
    const shown = (dependentsOf?.[name] ?? []).filter((dependent) => !isBlank(current[dependent]));
    setValues((previous) => ({ ...previous, [name]: value }));
    setTouched((previous) => ({
      ...previous,
      [name]: true,
      ...Object.fromEntries(shown.map((dependent) => [dependent, true])),
    }));
    setServerErrors((previous) => ({ ...previous, [name]: undefined }));
  }, []);

  // A visitor may type into a prerendered form before the app takes the page over (or the browser may fill it in).
  // The page keeps what was typed (hydration leaves it), so the form takes it too, as if typed now: else it would
  // submit what it thinks is empty. Only then: a form the browser renders itself shows its state, whatever its
  // fields hold at first (a select whose options are still loading).
  const isHydrating = useRef(!useIsHydrated());
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first shows
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!isHydrating.current || !elements) return;
    let wasTyped = false;
    for (const [name, initial] of Object.entries(initialValues)) {
      const typed = changedValue(elements.namedItem(name), initial);
      if (typed !== undefined) setValue(name as keyof V, typed as V[keyof V]);
      wasTyped ||= typed !== undefined;
    }
    // the focus that would have brought the schema in came before the app: bring it in now, to check what was typed
    if (wasTyped) load().catch(() => undefined);
  }, []);

  /** Shows a field's current message without changing it (an image field after its upload ends). */
  const touch = useCallback((name: keyof V) => setTouched((current) => ({ ...current, [name]: true })), []);

  const fieldId = (name: keyof V) => `${formId}-${String(name)}`;

  /** Shows a field's error now; true when the field is valid (checked once the schema is in). */
  const validateField = async (name: keyof V & string): Promise<boolean> => {
    setTouched((current) => ({ ...current, [name]: true }));
    const isValid = !check(await load(), latest.current.values, crossCheck).errors[name];
    if (!isValid) document.getElementById(fieldId(name))?.focus();
    return isValid;
  };

  const register = (name: FieldsOf<V, string>): TextFieldProps => ({
    id: fieldId(name),
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, event.target.value as V[typeof name]),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  const registerCheckbox = (name: FieldsOf<V, boolean>) => ({
    id: fieldId(name),
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as V[typeof name]),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  // Only submissions that reach the network are throttled: a click that just shows the errors does not count.
  const send = useThrottledCallback(async (data: z.output<S>) => {
    setSubmitting(true);
    try {
      await onSubmit(data);
      for (const failure of failures.current.splice(0)) {
        const key = errorToastKey(failure);
        if (key) toast.dismiss(key);
      }
    } catch (error) {
      // the query client has reported it; the form keeps its values
      failures.current.push(error);
    } finally {
      setSubmitting(false);
    }
  });

  const submit = () => {
    setWasSubmitted(true);
    if (!schema) {
      // sent before its schema is in: checked, and sent if it holds, once it is
      submitWhenLoaded.current = true;
      load().catch(() => {
        submitWhenLoaded.current = false;
        toast.error(messages.pageNotLoaded);
      });
      return;
    }
    const result = check(schema, values, crossCheck);
    if (!result.ok) {
      toast.warning(messages.completeTheForm, { key: formId });
      requestAnimationFrame(() => {
        const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        invalid?.focus({ preventScroll: true });
      });
      return;
    }
    toast.dismiss(formId);
    send(result.data);
  };

  const submitWhenLoaded = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the schema is in, with the values of that render
  useEffect(() => {
    if (schema && submitWhenLoaded.current) {
      submitWhenLoaded.current = false;
      submit();
    }
  }, [schema]);

  // a loaded schema starts to load when the visitor first reaches the form
  useEffect(() => {
    const form = formRef.current;
    if (schema || !form) return;
    const prepare = () => void load().catch(() => undefined);
    const reaches = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const event of reaches) form.addEventListener(event, prepare, { passive: true });
    return () => {
      for (const event of reaches) form.removeEventListener(event, prepare);
    };
  }, [schema, load]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const reset = () => {
    setValues(initialValues);
    setTouched({});
    setWasSubmitted(false);
    setServerErrors({});
  };

  return {
    formRef,
    values,
    errors,
    isSubmitting,
    fieldId,
    register,
    registerCheckbox,
    validateField,
    setValue,
    touch,
    setFieldError: (name: keyof V, message: string) => setServerErrors((c) => ({ ...c, [name]: message })),
    handleSubmit,
    reset,
  };
}
