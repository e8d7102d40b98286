import { type FormEvent, useId, useState } from 'react';

export interface FilterFormOptions<V extends { [K in keyof V]: string }> {
  /** The filters the table shows: the form starts from them, and follows when they change (Back, a link). */
  applied: V;
  /** What keeps some values from being searched, by field. */
  validate: (values: V) => Partial<Record<keyof V, string>>;
  /** The filters as a URL query: the form follows `applied` when it changes. */
  keyOf: (values: V) => string;
  onApply: (values: V) => void;
}

/**
 * The state of a filter form above a table (My Project Income, My Purchase History): its fields' values, the
 * messages of the last search (each gone as soon as its field is right again), focus on the first wrong field, and
 * the ids and ARIA attributes that tie each field to its message.
 */
export function useFilterForm<V extends { [K in keyof V]: string }>({
  applied,
  validate,
  keyOf,
  onApply,
}: FilterFormOptions<V>) {
  type Errors = Partial<Record<keyof V, string>>;
  const [values, setValues] = useState(applied);
  const [errors, setErrors] = useState<Errors>({});
  // the same form all along, so that focus stays where it was after a search
  const appliedKey = keyOf(applied);
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setValues(applied);
    setErrors({});
  }
  const id = useId();
  const fieldId = (name: keyof V) => `${id}-${String(name)}`;
  const focus = (name: keyof V) => document.getElementById(fieldId(name))?.focus();

  const set = (name: keyof V) => (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // a message goes as soon as its field is right again; new ones wait for the next search
    if (Object.keys(errors).length > 0) {
      const current = validate(next);
      setErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => field in current)) as Errors);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const [first] = Object.keys(found) as Array<keyof V>;
    if (first) {
      focus(first);
      return;
    }
    onApply(values);
  };

  /** Clears every filter and searches again, focus back on `firstField`. */
  const clear = (empty: V, firstField: keyof V) => {
    setValues(empty);
    setErrors({});
    onApply(empty);
    // the Clear button goes with the filters: the search starts over from the first field
    focus(firstField);
  };

  /** What the control of the filter `name` spreads: its id, name, value and change, and its error's wiring. */
  const bind = (name: keyof V & string) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
    name,
    value: values[name],
    onChange: set(name),
  });

  return { values, errors, fieldId, set, onSubmit, clear, bind };
}

export type FilterForm<V extends { [K in keyof V]: string }> = ReturnType<typeof useFilterForm<V>>;
