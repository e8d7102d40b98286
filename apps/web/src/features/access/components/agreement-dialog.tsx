import { type StaticTextType, staticTextTitles } from '@portal/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { useModal } from '../../../components/dialog.tsx';
import { useStaticText } from '../api/get-agreement.ts';

const Markdown = lazy(() => import('../../../components/markdown.tsx').then((m) => ({ default: m.Markdown })));

/** A 600 px dialog with an agreement loaded from the server; it closes itself if the text cannot be loaded. */
export function AgreementDialog({ type, onClose }: { type: StaticTextType | undefined; onClose: () => void }) {
  const modal = useModal(type !== undefined, onClose);
  const text = useStaticText(type);

  useEffect(() => {
    if (text.isError) onClose();
  }, [text.isError, onClose]);

  const title = type ? staticTextTitles[type] : '';
  return (
    <dialog {...modal} className="dialog agreement-dialog" aria-labelledby="agreement-title">
      <div className="dialog__header">
        <h2 id="agreement-title">{title}</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="dialog__body">
        {text.data ? (
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <Markdown source={text.data.content} />
          </Suspense>
        ) : (
          <div className="page-loading" aria-busy="true" />
        )}
      </div>
      <div className="dialog__footer">
        <button type="button" className="btn btn--primary btn--md" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
