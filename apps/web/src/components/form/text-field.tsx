import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field.tsx';
import type { TextFieldProps, TextFieldsOf } from './use-zod-form.ts';

/** What a text field of a `useZodForm` form says around its control. */
interface BoundFieldProps<K extends string> {
  /** The form, or any part of one that binds the text field `name`. */
  form: TextFieldsOf<NoInfer<K>>;
  name: K;
  label: ReactNode;
  isRequired?: boolean;
  hint?: ReactNode;
}

type ControlProps<E extends 'input' | 'textarea'> = Omit<ComponentProps<E>, keyof TextFieldProps | 'children' | 'form'>;

/** The Field's props and the control's, bound to the form's field `name`. */
function bindField<K extends string, C>({ form, name, label, isRequired, hint, ...control }: BoundFieldProps<K> & C) {
  const field = { id: form.fieldId(name), label, isRequired, hint, error: form.errors[name] };
  return { field, control: { ...control, ...form.register(name) } };
}

/** A text input bound to the form's field `name`, in its Field: label, input, hint and error. */
export function InputField<K extends string>({
  className = 'input',
  ...props
}: BoundFieldProps<K> & ControlProps<'input'>) {
  const { field, control } = bindField(props);
  return (
    <Field {...field}>
      <input className={className} {...control} />
    </Field>
  );
}

/** A textarea bound to the form's field `name`, in its Field: label, textarea, hint and error. */
export function TextAreaField<K extends string>({
  className = 'input textarea',
  ...props
}: BoundFieldProps<K> & ControlProps<'textarea'>) {
  const { field, control } = bindField(props);
  return (
    <Field {...field}>
      <textarea className={className} {...control} />
    </Field>
  );
}
