import { contentTypeLabels, MAX_PLACEMENT_OFFSET_M } from '@portal/contracts';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { formatMetres } from '../utils/format.ts';
import {
  GRID_LARGE_STEP_M,
  GRID_RANGES,
  GRID_STEP_M,
  rangeToFit,
  roundMetres,
  snapOffset,
  type Vector3,
} from '../utils/placement.ts';
import type { ContentDraft } from '../utils/stage-form.ts';

/** What the grid draws of a vertical carousel: where it stands, for reference (it is edited in its own dialog). */
export interface GridCarousel {
  id: string;
  name: string;
  position: Vector3;
}

/** Lets the form put the focus on a piece (one just added), so the arrow keys move it at once. */
export interface PlacementGridHandle {
  focusItem: (key: string) => void;
}

export interface PlacementGridProps {
  contents: ContentDraft[];
  carousels: GridCarousel[];
  selectedKey: string | undefined;
  onSelect: (key: string) => void;
  /** A piece moved on the ground to `x`, `z` (metres from the anchor). */
  onMove: (key: string, x: number, z: number) => void;
  handleRef?: RefObject<PlacementGridHandle | null>;
}

const ARROW_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/** A mark's drawing is 1 unit across: shown this many pixels wide. */
const MARK_SIZE_PX = 30;
/** The grid's width until it is measured. */
const MARK_REFERENCE_WIDTH_PX = 600;

/** Names longer than this are cut on the grid (the list and the editor show them whole). */
const LABEL_LENGTH = 16;
const shortName = (name: string) => (name.length > LABEL_LENGTH ? `${name.slice(0, LABEL_LENGTH - 1)}…` : name);

const describePlace = (draft: ContentDraft) =>
  `x ${formatMetres(draft.position[0])}, z ${formatMetres(draft.position[2])}`;

/** The mark of each kind of content, drawn 1 unit across (MARK_SIZE_PX on screen). */
function Shape({ type }: { type: ContentDraft['type'] }): ReactNode {
  switch (type) {
    case 'Image':
      return <rect className="placement-grid__shape" x={-0.45} y={-0.45} width={0.9} height={0.9} rx={0.08} />;
    case 'Video':
      return (
        <>
          <rect className="placement-grid__shape" x={-0.5} y={-0.38} width={1} height={0.76} rx={0.08} />
          <path className="placement-grid__glyph" d="M-0.14 -0.2 L0.2 0 L-0.14 0.2 Z" />
        </>
      );
    case 'Asset3D':
      return (
        <polygon
          className="placement-grid__shape"
          points="0,-0.52 0.45,-0.26 0.45,0.26 0,0.52 -0.45,0.26 -0.45,-0.26"
        />
      );
    default:
      return <polygon className="placement-grid__shape" points="0,-0.55 0.55,0 0,0.55 -0.55,0" />;
  }
}

/**
 * The contents around the anchor seen from above, on a grid of 1 m squares (x to the right, z ahead): a piece is
 * dragged with the mouse or a finger, or focused and moved with the arrow keys (10 cm, 1 m with Shift). The view
 * zooms between ±5 m and the placement limit of ±MAX_PLACEMENT_OFFSET_M.
 */
export function PlacementGrid({ contents, carousels, selectedKey, onSelect, onMove, handleRef }: PlacementGridProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const itemRefs = useRef(new Map<string, SVGGElement>());
  const drag = useRef<{ key: string; pointerId: number } | null>(null);
  const [range, setRange] = useState(() => rangeToFit(contents.map((draft) => draft.position)));
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();

  useImperativeHandle(handleRef, () => ({ focusItem: (key) => itemRefs.current.get(key)?.focus() }), []);

  // the marks and their labels keep one size on screen, whatever the range and the width the grid is given
  const [width, setWidth] = useState(MARK_REFERENCE_WIDTH_PX);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  const scale = ((2 * range) / width) * MARK_SIZE_PX;
  const major = range > 10 ? 10 : 5;
  const lines: number[] = [];
  for (let metre = -range; metre <= range; metre++) lines.push(metre);

  /** The ground point (x, z in metres) under a pointer. */
  const groundAt = (clientX: number, clientY: number) => {
    const matrix = svgRef.current?.getScreenCTM();
    if (!matrix) return undefined;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: snapOffset(point.x), z: snapOffset(-point.y) };
  };

  const startDrag = (event: PointerEvent<SVGGElement>, key: string) => {
    if (event.button !== 0) return;
    event.preventDefault();
    onSelect(key);
    event.currentTarget.focus();
    svgRef.current?.setPointerCapture(event.pointerId);
    drag.current = { key, pointerId: event.pointerId };
  };

  const moveDrag = (event: PointerEvent<SVGSVGElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const ground = groundAt(event.clientX, event.clientY);
    if (ground) onMove(drag.current.key, ground.x, ground.z);
  };

  const endDrag = (event: PointerEvent<SVGSVGElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const moved = contents.find((draft) => draft.key === drag.current?.key);
    if (moved) setAnnouncement(`${moved.name} at ${describePlace(moved)}`);
    drag.current = null;
    if (svgRef.current?.hasPointerCapture(event.pointerId)) svgRef.current.releasePointerCapture(event.pointerId);
  };

  const moveWithKeys = (event: KeyboardEvent<SVGGElement>, draft: ContentDraft) => {
    const direction = ARROW_MOVES[event.key];
    if (!direction) return;
    event.preventDefault();
    const step = event.shiftKey ? GRID_LARGE_STEP_M : GRID_STEP_M;
    const x = snapOffset(draft.position[0] + direction[0] * step);
    const z = snapOffset(draft.position[2] + direction[1] * step);
    onMove(draft.key, x, z);
    const edge = Math.abs(x) === MAX_PLACEMENT_OFFSET_M || Math.abs(z) === MAX_PLACEMENT_OFFSET_M;
    setAnnouncement(
      `${draft.name} at x ${formatMetres(x)}, z ${formatMetres(z)}${edge ? ', at the edge of the placement area' : ''}`,
    );
    // a piece moved out of view brings the view out with it
    if (Math.max(Math.abs(x), Math.abs(z)) > range) setRange(rangeToFit([[x, 0, z]]));
  };

  const rangeIndex = GRID_RANGES.indexOf(range as (typeof GRID_RANGES)[number]);
  const zoom = (by: number) => {
    const next = GRID_RANGES[Math.min(GRID_RANGES.length - 1, Math.max(0, rangeIndex + by))];
    if (next) setRange(next);
  };

  return (
    <div className="placement-grid">
      <div className="placement-grid__toolbar">
        <p className="placement-grid__range">
          Showing ±{range} m around the anchor
          <span className="visually-hidden">; content may be placed up to ±{MAX_PLACEMENT_OFFSET_M} m</span>
        </p>
        <div className="placement-grid__zoom">
          <button
            type="button"
            className="placement-grid__zoom-button"
            onClick={() => zoom(-1)}
            disabled={rangeIndex <= 0}
            aria-label="Zoom in on the grid"
          >
            +
          </button>
          <button
            type="button"
            className="placement-grid__zoom-button"
            onClick={() => zoom(1)}
            disabled={rangeIndex >= GRID_RANGES.length - 1}
            aria-label="Zoom out of the grid"
          >
            −
          </button>
        </div>
      </div>
      <svg
        ref={svgRef}
        className="placement-grid__svg"
        viewBox={`${-range} ${-range} ${2 * range} ${2 * range}`}
        aria-label="Placement grid, seen from above, anchor at the centre"
        aria-describedby={hintId}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing, not focusable: its numbers are no reading */}
        <g className="placement-grid__lines" aria-hidden="true">
          {lines.map((metre) => {
            const kind = metre === 0 ? 'axis' : metre % major === 0 ? 'major' : 'minor';
            return (
              <g key={metre} className={`placement-grid__line placement-grid__line--${kind}`}>
                <line x1={metre} y1={-range} x2={metre} y2={range} />
                <line x1={-range} y1={metre} x2={range} y2={metre} />
              </g>
            );
          })}
          {lines
            .filter((metre) => metre !== 0 && metre % major === 0 && Math.abs(metre) < range)
            .map((metre) => (
              <g key={`label-${metre}`} className="placement-grid__scale" fontSize={0.42 * scale}>
                <text x={metre} y={range - 0.3 * scale} textAnchor="middle">
                  {metre}
                </text>
                <text x={-range + 0.25 * scale} y={-metre + 0.15 * scale}>
                  {metre}
                </text>
              </g>
            ))}
          <text
            className="placement-grid__axis-label"
            x={range - 0.2 * scale}
            y={-0.3 * scale}
            fontSize={0.45 * scale}
            textAnchor="end"
          >
            x
          </text>
          <text className="placement-grid__axis-label" x={0.3 * scale} y={-range + 0.7 * scale} fontSize={0.45 * scale}>
            z (ahead)
          </text>
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing, not focusable: the label names the anchor */}
        <g className="placement-grid__anchor" transform={`scale(${scale})`} aria-hidden="true">
          <circle r={0.35} />
          <path d="M0 -0.7 V0.7 M-0.7 0 H0.7" />
        </g>
        {carousels.map((carousel) => (
          <g
            key={carousel.id}
            className="placement-grid__carousel"
            transform={`translate(${carousel.position[0]} ${-carousel.position[2]}) scale(${scale})`}
          >
            <title>{`Vertical carousel ${carousel.name}`}</title>
            <rect x={-0.3} y={-0.5} width={0.6} height={1} rx={0.06} />
            <path d="M-0.3 -0.17 H0.3 M-0.3 0.17 H0.3" />
          </g>
        ))}
        {contents.map((draft) => {
          const isSelected = draft.key === selectedKey;
          const [x, , z] = draft.position;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG piece of the grid cannot be an HTML button
            <g
              key={draft.key}
              ref={(element) => {
                if (element) itemRefs.current.set(draft.key, element);
                else itemRefs.current.delete(draft.key);
              }}
              className={`placement-grid__item placement-grid__item--${draft.type}${isSelected ? ' is-selected' : ''}`}
              transform={`translate(${roundMetres(x)} ${roundMetres(-z)}) scale(${scale})`}
              role="button"
              tabIndex={0}
              aria-pressed={isSelected}
              aria-label={`${draft.name}, ${contentTypeLabels[draft.type]}, ${describePlace(draft)}`}
              aria-describedby={hintId}
              onPointerDown={(event) => startDrag(event, draft.key)}
              onFocus={() => onSelect(draft.key)}
              onKeyDown={(event) => moveWithKeys(event, draft)}
            >
              <circle className="placement-grid__ring" r={0.8} />
              <Shape type={draft.type} />
              <g transform={`rotate(${draft.rotation[1]})`}>
                <path className="placement-grid__facing" d="M0 -0.55 V-0.95" />
              </g>
              <text className="placement-grid__label" y={1.05} fontSize={0.42} textAnchor="middle">
                {shortName(draft.name)}
              </text>
            </g>
          );
        })}
      </svg>
      <p id={hintId} className="field__hint placement-grid__hint">
        {contents.length === 0
          ? 'Add content to place it around the anchor.'
          : 'Drag a piece, or focus it and use the arrow keys: 10 cm a press, 1 m with Shift. Up is ahead (z), right is x.'}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
