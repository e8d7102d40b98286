import { useEffect, useId, useRef, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { Button } from './button.tsx';

type PreviewState = 'loading' | 'ready' | 'failed';

const STATE_TEXT: Record<PreviewState, string> = {
  loading: 'Loading the model…',
  ready: 'Drag to turn the model, scroll or pinch to zoom.',
  failed: 'This model could not be shown in the preview.',
};

/** The path of an issued file URL on the file host (builds are fetched with the bearer token). */
const filePath = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

interface ModelPreviewDialogProps {
  url: string;
  label: string;
  onClose: () => void;
}

/** A modal with the .glb in an interactive viewer; the viewer's code loads only when a preview opens. */
function ModelPreviewDialog({ url, label, onClose }: ModelPreviewDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [state, setState] = useState<PreviewState>('loading');

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    let viewer: HTMLElement | undefined;
    Promise.all([
      import('@google/model-viewer'),
      apiRequest<Blob>(filePath(url), { host: 'files', as: 'blob', background: true, signal: controller.signal }),
    ])
      .then(([, blob]) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'model/gltf-binary' }));
        viewer = document.createElement('model-viewer');
        viewer.className = 'model-preview__viewer';
        viewer.setAttribute('alt', `${label}, shown in 3D`);
        viewer.setAttribute('camera-controls', '');
        viewer.setAttribute('auto-rotate', '');
        // A build without textures is plain white: lit by the viewer's built-in studio (no download, so nothing the
        // policy must allow), with neutral tones and a soft contact shadow it keeps its shape against the stage.
        viewer.setAttribute('environment-image', 'neutral');
        viewer.setAttribute('tone-mapping', 'neutral');
        viewer.setAttribute('shadow-intensity', '1');
        viewer.setAttribute('shadow-softness', '1');
        viewer.setAttribute('interaction-prompt', 'none');
        viewer.addEventListener('load', () => setState('ready'));
        viewer.addEventListener('error', () => setState('failed'));
        viewer.setAttribute('src', objectUrl);
        stage.append(viewer);
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => {
      controller.abort();
      viewer?.remove();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, label]);

  return (
    <dialog ref={dialogRef} className="dialog model-preview" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId}>{label} in 3D</h2>
      </div>
      <div className="dialog__body">
        <div ref={stageRef} className="model-preview__stage" data-state={state} />
        <p className="model-preview__status" role={state === 'failed' ? 'alert' : 'status'}>
          {STATE_TEXT[state]}
        </p>
      </div>
      <div className="dialog__footer button-row">
        <Button variant="secondary" onClick={onClose} isThrottled={false} autoFocus>
          Close
        </Button>
      </div>
    </dialog>
  );
}

export interface ModelPreviewButtonProps {
  /** The .glb's URL, as the file host issued it. */
  url: string;
  /** What the preview shows ("Android build"). */
  label: string;
}

/** "Preview in 3D" for an uploaded .glb. */
export function ModelPreviewButton({ url, label }: ModelPreviewButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button model-preview__open" onClick={() => setIsOpen(true)}>
        Preview in 3D<span className="visually-hidden"> ({label})</span>
      </button>
      {isOpen ? <ModelPreviewDialog url={url} label={label} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
