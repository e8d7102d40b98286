import type { FormEvent, ReactNode, RefObject } from 'react';

export interface FormCardProps {
  form: { formRef: RefObject<HTMLFormElement | null>; handleSubmit: (event: FormEvent<HTMLFormElement>) => void };
  /** The heading's id: the form is named by its title. */
  titleId: string;
  title: ReactNode;
  /** A line under the title: what the form is for. */
  intro: ReactNode;
  children: ReactNode;
}

/** A form on a card of its own, named by its title (sign-in, registration). */
export function FormCard({ form, titleId, title, intro, children }: FormCardProps) {
  return (
    <form ref={form.formRef} className="card form" onSubmit={form.handleSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="form__title">
        {title}
      </h2>
      <p className="form__intro">{intro}</p>
      {children}
    </form>
  );
}
