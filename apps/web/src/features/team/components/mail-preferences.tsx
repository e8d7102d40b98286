import { type MailKind, mailKindLabels, mailKinds, mailRecipientRoles, type Studio } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useSetMutedMail } from '../api/set-muted-mail.ts';

/** The kinds of this studio's mail the member's role gets, each on or off; Save sends what is off. */
export function MailPreferences({ studio }: { studio: Studio }) {
  const kinds = mailKinds.filter((kind) => mailRecipientRoles[kind].includes(studio.role));
  const [muted, setMuted] = useState<MailKind[]>(studio.mutedMail);
  const save = useSetMutedMail();
  if (kinds.length === 0) return <p className="team-note">Your role gets no mail of this studio.</p>;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(muted);
  };
  return (
    <form className="team-mail" onSubmit={onSubmit} aria-label="Mail preferences">
      <fieldset className="team-mail__kinds">
        <legend className="field__label">Mail me about</legend>
        {kinds.map((kind) => (
          <label key={kind} className="team-mail__choice">
            <input
              type="checkbox"
              checked={!muted.includes(kind)}
              onChange={(event) =>
                setMuted((current) =>
                  event.target.checked ? current.filter((each) => each !== kind) : [...current, kind],
                )
              }
            />
            {mailKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary" isLoading={save.isPending}>
        Save mail preferences
      </Button>
    </form>
  );
}
