import { contentTypeLabels, utilityKindLabels } from '@portal/contracts';
import { formatPosition } from '../utils/format.ts';
import type { ContentDraft } from '../utils/stage-form.ts';

export interface ContentListProps {
  contents: ContentDraft[];
  selectedKey: string | undefined;
  onSelect: (key: string) => void;
}

/** The stage's contents as a list: another way to pick the piece to edit, and the whole of each name. */
export function ContentList({ contents, selectedKey, onSelect }: ContentListProps) {
  if (contents.length === 0) {
    return (
      <div className="empty content-list__empty">
        <p>No content yet. Add images, videos, 3D assets or special utilities to place them around the anchor.</p>
      </div>
    );
  }
  return (
    <ul className="content-list" aria-label="Contents of this stage">
      {contents.map((draft) => {
        const isSelected = draft.key === selectedKey;
        const kind =
          draft.type === 'Utility' && draft.utility
            ? `${contentTypeLabels.Utility}: ${utilityKindLabels[draft.utility]}`
            : contentTypeLabels[draft.type];
        return (
          <li key={draft.key}>
            <button
              type="button"
              className={`content-list__item content-list__item--${draft.type}${isSelected ? ' is-selected' : ''}`}
              aria-pressed={isSelected}
              onClick={() => onSelect(draft.key)}
            >
              <span className="content-list__swatch" aria-hidden="true" />
              <span className="content-list__name">{draft.name}</span>
              <span className="content-list__meta">
                {kind} · {formatPosition(draft.position)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
