import {
  type Asset,
  type ContentType,
  contentTypeLabels,
  contentTypes,
  type UtilityKind,
  utilityKindLabels,
  utilityKinds,
} from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Dialog, DialogActions } from '../../../components/dialog.tsx';
import { AssetChoices } from './asset-choices.tsx';
import { MediaUpload } from './media-upload.tsx';

/** What was chosen to add: an asset of the partner's, or a kind of special utility. */
export type ContentChoice =
  | { type: Exclude<ContentType, 'Utility'>; asset: Asset }
  | { type: 'Utility'; utility: UtilityKind };

const PICK_LEGEND: Record<Exclude<ContentType, 'Utility'>, string> = {
  Image: 'Choose an image',
  Video: 'Choose a video',
  Asset3D: 'Choose a 3D asset',
};

function AddContentForm({ onAdd, onCancel }: { onAdd: (choice: ContentChoice) => void; onCancel: () => void }) {
  const [type, setType] = useState<ContentType>('Image');
  const [asset, setAsset] = useState<Asset>();
  const [utility, setUtility] = useState<UtilityKind>();
  const [error, setError] = useState<string>();
  const errorId = useId();
  const radioName = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (type === 'Utility') {
      if (!utility) return setError('Please choose a special utility');
      return onAdd({ type, utility });
    }
    if (!asset || asset.type !== type) return setError(`Please ${PICK_LEGEND[type].toLowerCase()}`);
    onAdd({ type, asset });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add content">
      <div className="dialog__body add-content">
        <fieldset className="add-content__types">
          <legend className="field__label">Type of content</legend>
          <div className="add-content__type-options">
            {contentTypes.map((option) => (
              <label key={option} className={`add-content__type${option === type ? ' is-checked' : ''}`}>
                <input
                  type="radio"
                  name={`${radioName}-type`}
                  value={option}
                  checked={option === type}
                  onChange={() => {
                    setType(option);
                    setError(undefined);
                  }}
                />
                {contentTypeLabels[option]}
              </label>
            ))}
          </div>
        </fieldset>
        {type === 'Utility' ? (
          <fieldset className="add-content__pick" aria-describedby={error ? errorId : undefined}>
            <legend className="field__label">Choose a special utility</legend>
            <ul className="asset-choices asset-choices--plain">
              {utilityKinds.map((kind) => (
                <li key={kind}>
                  <label className="asset-choice">
                    <input
                      type="radio"
                      name={`${radioName}-utility`}
                      value={kind}
                      checked={utility === kind}
                      onChange={() => {
                        setUtility(kind);
                        setError(undefined);
                      }}
                    />
                    <span className="asset-thumb asset-thumb--Utility" aria-hidden="true">
                      ◆
                    </span>
                    <span className="asset-choice__name">{utilityKindLabels[kind]}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : (
          <fieldset className="add-content__pick" aria-describedby={error ? errorId : undefined}>
            <legend className="field__label">{PICK_LEGEND[type]}</legend>
            {type === 'Asset3D' ? null : (
              <MediaUpload
                key={type}
                kind={type}
                onUploaded={(uploaded) => {
                  setAsset(uploaded);
                  setError(undefined);
                }}
              />
            )}
            <AssetChoices
              type={type}
              name={`${radioName}-asset`}
              value={asset?.id}
              onChange={(picked) => {
                setAsset(picked);
                setError(undefined);
              }}
            />
          </fieldset>
        )}
        {error ? (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <DialogActions submitLabel="Add to stage" onCancel={onCancel} />
    </form>
  );
}

export interface AddContentDialogProps {
  isOpen: boolean;
  onAdd: (choice: ContentChoice) => void;
  onClose: () => void;
}

/** "Add content": one of the four types, then the asset to show (or an upload of a new one), or the utility. */
export function AddContentDialog({ isOpen, onAdd, onClose }: AddContentDialogProps) {
  return (
    <Dialog isOpen={isOpen} title="Add content" onClose={onClose} className="dialog--wide add-content-dialog">
      <AddContentForm onAdd={onAdd} onCancel={onClose} />
    </Dialog>
  );
}
