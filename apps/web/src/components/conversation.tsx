import { MAX_REVIEW_MESSAGE_LENGTH, type ReviewMessage, versionMessages } from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { formatShortDateTime } from '../lib/format.ts';
import { Button } from './button.tsx';

export interface ConversationProps {
  title: string;
  /** What the thread is for, shown while it is empty. */
  emptyText: string;
  messages: ReviewMessage[] | undefined;
  isError?: boolean;
  isSending: boolean;
  /** Sends one message; resolves once it is stored, rejects to keep the draft. None: the thread is read only. */
  onSend?: (message: string) => Promise<unknown>;
  /** Why there is no box to write in, when the thread is read only. */
  readOnlyNote?: string;
}

/** A thread of messages with a box to write the next one. */
export function Conversation({
  title,
  emptyText,
  messages,
  isError = false,
  isSending,
  onSend,
  readOnlyNote,
}: ConversationProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const titleId = useId();
  const fieldId = useId();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message) {
      setError(versionMessages.messageRequired);
      return;
    }
    setError(undefined);
    if (!onSend) return;
    try {
      await onSend(message);
      setDraft('');
    } catch {
      // the failure is shown by the client's error handler; the draft stays for another try
    }
  };

  return (
    <section className="card conversation" aria-labelledby={titleId}>
      <h2 id={titleId} className="conversation__title">
        {title}
      </h2>
      {isError ? (
        <p className="conversation__empty">The messages could not be loaded.</p>
      ) : messages === undefined ? (
        <p className="conversation__empty" aria-busy="true">
          Loading messages…
        </p>
      ) : messages.length === 0 ? (
        <p className="conversation__empty">{emptyText}</p>
      ) : (
        <ol className="conversation__list" aria-label={`${title}: messages`}>
          {messages.map((message) => (
            <li
              key={message.id}
              className={`conversation__message conversation__message--${message.isMine ? 'mine' : 'theirs'}`}
            >
              <p className="conversation__meta">
                <strong>{message.isMine ? 'You' : message.authorName}</strong>{' '}
                <time dateTime={message.createdAt}>{formatShortDateTime(message.createdAt)}</time>
              </p>
              <p className="conversation__text">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
      {onSend ? (
        <form className="conversation__form" noValidate onSubmit={send}>
          <label className="field__label" htmlFor={fieldId}>
            Your message
          </label>
          <textarea
            id={fieldId}
            className="input textarea"
            rows={3}
            maxLength={MAX_REVIEW_MESSAGE_LENGTH}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (error) setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {error ? (
            <p className="field__error" id={`${fieldId}-error`} role="alert">
              {error}
            </p>
          ) : null}
          <div className="form__actions">
            <Button type="submit" isLoading={isSending}>
              Send
            </Button>
          </div>
        </form>
      ) : (
        <p className="conversation__read-only">{readOnlyNote}</p>
      )}
    </section>
  );
}
