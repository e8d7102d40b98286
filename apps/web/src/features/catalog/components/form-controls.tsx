import type { UploadedFile } from '@portal/contracts';
import { Field } from '../../../components/form/field.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { TagsInput } from '../../../components/tags-input.tsx';

/** What the catalog forms' custom controls need of `useZodForm`. */
export interface FormBinding<N extends string, T> {
  values: Record<N, T>;
  errors: Partial<Record<N, string>>;
  fieldId: (name: N) => string;
  setValue: (name: N, value: T) => void;
  touch: (name: N) => void;
}

const describedBy = <N extends string>(form: Pick<FormBinding<N, unknown>, 'errors' | 'fieldId'>, name: N) =>
  form.errors[name] ? `${form.fieldId(name)}-error` : undefined;

/**
 * The label of the item's icon upload. SPEC's messages for it are "Please upload thumbnail" and "Avatar picture must
 * be JPG or PNG format!": the label carries both names, so that each message reads as being about this field.
 */
export const THUMBNAIL_LABEL = 'Thumbnail (avatar picture)';

/** A required image of a catalog item, uploaded on pick and checked again once the upload ends. */
export function ImageField<N extends string>({
  form,
  name,
  label,
  subject,
  part,
}: {
  form: FormBinding<N, UploadedFile | null>;
  name: N;
  label: string;
  subject: string;
  /** The named part to upload on the Detail endpoint (the 3D model form's), rather than to Single. */
  part?: string;
}) {
  const id = form.fieldId(name);
  return (
    <Field id={id} label={label} isRequired error={form.errors[name]} className="field--image">
      <ImageUpload
        id={id}
        subject={subject}
        part={part}
        value={form.values[name]}
        onChange={(file) => form.setValue(name, file)}
        onRevalidate={() => form.touch(name)}
        aria-invalid={Boolean(form.errors[name])}
        aria-describedby={describedBy(form, name)}
      />
    </Field>
  );
}

/** The item's tags as chips. */
export function TagsField<N extends string>({ form, name }: { form: FormBinding<N, string[]>; name: N }) {
  const id = form.fieldId(name);
  return (
    <Field id={id} label="Tags" error={form.errors[name]}>
      <TagsInput
        id={id}
        value={form.values[name]}
        onChange={(tags) => form.setValue(name, tags)}
        onBlur={() => form.touch(name)}
        aria-invalid={Boolean(form.errors[name])}
        aria-describedby={describedBy(form, name)}
      />
    </Field>
  );
}
