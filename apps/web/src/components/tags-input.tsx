import { addTypedTags, MAX_TAG_LENGTH, MAX_TAGS } from '@portal/contracts';
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from 'react';

export interface TagsInputProps {
  /** The text input's id, which the field label points at. */
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Under the input while a tag is typed: the tag as it will be stored, or why it cannot be added. */
function TypedTagPreview({ text, preview }: { text: string; preview: ReturnType<typeof addTypedTags> }) {
  if (preview.error) return <span className="tags-input__refusal">{preview.error}</span>;
  const fresh = preview.typed.filter((tag) => !preview.duplicates.includes(tag));
  const asTyped = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const isReshaped = preview.typed.join(',') !== asTyped.join(',');
  return (
    <>
      {fresh.length > 0 ? (
        <>
          Enter adds{' '}
          {fresh.map((tag) => (
            <span key={tag} className="tag tag--preview">
              {tag}
            </span>
          ))}
          {isReshaped ? ' (spaces are removed from tags)' : null}
        </>
      ) : null}
      {preview.duplicates.length > 0 ? (
        <span className="tags-input__duplicate">
          {preview.duplicates.map((tag) => `“${tag}”`).join(', ')} {preview.duplicates.length === 1 ? 'is' : 'are'}{' '}
          already added
        </span>
      ) : null}
    </>
  );
}

/**
 * Tags as chips: Enter or a comma adds what was typed, Backspace in the empty input or × removes one. While a tag is
 * typed, the hint shows it as the API will store it (`addTypedTags`: spaces removed, blanks and duplicates dropped);
 * a tag that would break the limits (20 tags, 40 characters each) is not added and the limit is explained.
 */
export function TagsInput({
  id,
  value,
  onChange,
  onBlur,
  'aria-invalid': isInvalid,
  'aria-describedby': describedBy,
}: TagsInputProps) {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const noticeId = useId();
  const preview = addTypedTags(value, text);

  /** Adds the typed tags; true when the text was taken. */
  const commit = (typed: string): boolean => {
    const { tags, error } = addTypedTags(value, typed);
    if (error) {
      setNotice(error);
      return false;
    }
    setNotice(undefined);
    if (tags.length !== value.length) onChange(tags);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (commit(text)) setText('');
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      setNotice(undefined);
      onChange(value.slice(0, -1));
    }
  };

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    // a pasted "a, b, c" is added at once
    const isTaken = typed.includes(',') && commit(typed);
    // a refusal stays until the text changes; from then the preview says it as the tag is typed
    if (!typed.includes(',')) setNotice(undefined);
    setText(isTaken ? '' : typed);
  };

  const remove = (tag: string) => {
    setNotice(undefined);
    onChange(value.filter((t) => t !== tag));
    inputRef.current?.focus();
  };

  const describedByIds = [describedBy, notice ? noticeId : hintId].filter(Boolean).join(' ');

  return (
    <div className="tags-input-field">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the box only moves focus to its input, which has the keyboard behaviour */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        className={`input tags-input${isInvalid ? ' tags-input--invalid' : ''}`}
        onClick={() => inputRef.current?.focus()}
      >
        {value.length > 0 ? (
          <ul className="tags-input__list" aria-label="Tags added">
            {value.map((tag) => (
              <li key={tag} className="tag">
                <span>{tag}</span>
                <button
                  type="button"
                  className="tag__remove"
                  aria-label={`Remove tag ${tag}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    remove(tag);
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          className="tags-input__text"
          value={text}
          onChange={onTextChange}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text && commit(text)) setText('');
            onBlur?.();
          }}
          enterKeyHint="enter"
          autoComplete="off"
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedByIds}
        />
      </div>
      {notice ? (
        <div className="field__error" id={noticeId} role="alert">
          {notice}
        </div>
      ) : (
        <div className="field__hint tags-input__hint" id={hintId}>
          {preview.typed.length > 0 ? (
            <TypedTagPreview text={text} preview={preview} />
          ) : (
            <>
              Press Enter or a comma to add a tag; up to {MAX_TAGS} tags of {MAX_TAG_LENGTH} characters.
            </>
          )}
        </div>
      )}
    </div>
  );
}
