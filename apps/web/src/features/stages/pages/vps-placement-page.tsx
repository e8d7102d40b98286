import {
  type ContentType,
  contentTypeLabels,
  contentTypes,
  type Stage,
  type StageContent,
  utilityKindLabels,
} from '@portal/contracts';
import { Link, useSearchParams } from 'react-router';
import { StageStatePill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { isHttpUrl } from '../../../lib/urls.ts';
import { useStage } from '../api/get-stage.ts';
import { AssetThumbnail } from '../components/asset-choices.tsx';
import { carouselName } from '../components/carousel-section.tsx';
import { StageInstant } from '../components/stage-instant.tsx';
import { isMissingStage, StageLoadFailed, StageLoading, StageNotFound } from '../components/stage-not-found.tsx';
import { formatDegrees, formatMetres, formatPosition } from '../utils/format.ts';
import { configPlacementPath } from '../utils/paths.ts';
import '../stages.css';
import { Steps } from '../../../components/steps.tsx';

/** SPEC §2's three steps of a placement, as Creator's World tells them, for this stage. */
const GUIDE = [
  {
    title: 'Find the location',
    text: 'Open the VPS placement app on your Mac and look up the place of this stage, or find its anchor id.',
  },
  {
    title: 'Place objects on the 3D map',
    text: 'Check each piece of content where this summary puts it on the scanned map, then scale and turn it to fit.',
  },
  {
    title: 'Publish and check in the mobile app',
    text: 'Publish the stage from your stage list and walk up to the place with the Lumora app to see it.',
  },
];

const turnOf = (content: Pick<StageContent, 'rotation'>) => `${Number(content.rotation[1].toFixed(1))}°`;
const scaleOf = (content: Pick<StageContent, 'scale'>) => {
  const [x, y, z] = content.scale.map((factor) => Number(factor.toFixed(2)));
  return x === y && y === z ? `×${x}` : `×${x}, ${y}, ${z}`;
};

async function copyAnchor(anchorId: string) {
  try {
    await navigator.clipboard.writeText(anchorId);
    toast.success('Anchor id copied');
  } catch {
    // no clipboard here (an http page, a refused permission): the id is selected to copy by hand
    const code = document.getElementById('stage-anchor-id');
    const selection = window.getSelection();
    if (code && selection) selection.selectAllChildren(code);
    toast.warning('The anchor id could not be copied: it is selected, copy it with your keyboard.');
  }
}

function ContentsByType({ stage }: { stage: Stage }) {
  if (stage.contents.length === 0) {
    return (
      <div className="empty">
        <p>Nothing is placed on this stage yet.</p>
      </div>
    );
  }
  const groups = contentTypes
    .map((type) => ({ type, items: stage.contents.filter((content) => content.type === type) }))
    .filter((group): group is { type: ContentType; items: StageContent[] } => group.items.length > 0);
  return (
    <div className="stage-summary__groups">
      {groups.map(({ type, items }) => (
        <section key={type} className="stage-summary__group" aria-labelledby={`summary-${type}`}>
          <h3 id={`summary-${type}`}>
            {contentTypeLabels[type]} <span className="stage-summary__count">({items.length})</span>
          </h3>
          <ul className="summary-items">
            {items.map((content) => (
              <li key={content.id} className="summary-item">
                {type === 'Utility' ? (
                  <span className="asset-thumb asset-thumb--Utility" aria-hidden="true">
                    ◆
                  </span>
                ) : (
                  <AssetThumbnail asset={{ type, url: content.url ?? '', thumbnailUrl: content.thumbnailUrl }} />
                )}
                <span className="summary-item__text">
                  <span className="summary-item__name">
                    {content.name}
                    {content.utility && content.name !== utilityKindLabels[content.utility]
                      ? ` · ${utilityKindLabels[content.utility]}`
                      : ''}
                  </span>
                  <span className="summary-item__meta">
                    {formatPosition(content.position)} · turn {turnOf(content)} · scale {scaleOf(content)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function MacAppCard() {
  const settings = useSettings();
  const url = settings.data?.vpsAppOfMacOsFileUrl;
  return (
    <aside className="card stage-summary__app" aria-labelledby="vps-app-title">
      <h2 id="vps-app-title">Open it in the VPS app</h2>
      {isHttpUrl(url) ? (
        <>
          <p>The VPS placement app for macOS (beta) shows this stage on the scanned 3D map of its place.</p>
          <a className="btn btn--primary btn--md" href={url} target="_blank" rel="noreferrer">
            Download the VPS app for macOS
          </a>
        </>
      ) : (
        <p>
          {settings.isPending
            ? 'Looking for the VPS app…'
            : 'The macOS app is not available for download right now. Please check back soon.'}
        </p>
      )}
      <Steps steps={GUIDE} className="stage-summary__steps" />
    </aside>
  );
}

function Summary({ stage }: { stage: Stage }) {
  return (
    <>
      <div className="stage-summary__head">
        <div className="stage-page__title-row">
          <h2 className="stage-summary__name">{stage.name}</h2>
          <StageStatePill state={stage.state} className="stage-page__state" />
        </div>
        <Link className="btn btn--primary btn--md" to={configPlacementPath(stage.id)}>
          Edit placement
        </Link>
      </div>
      {stage.description ? <p className="stage-summary__description pre-line">{stage.description}</p> : null}
      <div className="stage-summary__top">
        <section className="card stage-summary__place" aria-labelledby="summary-place-title">
          <h2 id="summary-place-title">Place</h2>
          <dl className="facts stage-summary__facts">
            <div>
              <dt>Latitude</dt>
              <dd>{formatDegrees(stage.latitude)}</dd>
            </div>
            <div>
              <dt>Longitude</dt>
              <dd>{formatDegrees(stage.longitude)}</dd>
            </div>
            <div>
              <dt>Altitude</dt>
              <dd>{formatMetres(stage.altitude)}</dd>
            </div>
            <div>
              <dt>Heading</dt>
              <dd>{Number(stage.heading.toFixed(1))}°</dd>
            </div>
            <div className="facts__item--wide">
              <dt>VPS anchor id</dt>
              <dd className="stage-summary__anchor">
                <code id="stage-anchor-id">{stage.anchorId}</code>
                <button
                  type="button"
                  className="btn btn--secondary btn--md"
                  onClick={() => void copyAnchor(stage.anchorId)}
                >
                  Copy<span className="visually-hidden"> the anchor id</span>
                </button>
              </dd>
            </div>
            <div>
              <dt>Published</dt>
              <dd>
                <StageInstant iso={stage.publishedAt} none={<span className="facts__none">Not yet</span>} />
              </dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>
                <StageInstant iso={stage.expiresAt} none={<span className="facts__none">—</span>} />
              </dd>
            </div>
          </dl>
        </section>
        <MacAppCard />
      </div>
      <section className="stage-summary__section" aria-labelledby="summary-contents-title">
        <h2 id="summary-contents-title">Contents</h2>
        <p className="field__hint">
          Positions are in metres from the anchor: x to the right, y up, z ahead along the heading.
        </p>
        <ContentsByType stage={stage} />
      </section>
      <section className="stage-summary__section" aria-labelledby="summary-carousels-title">
        <h2 id="summary-carousels-title">Vertical carousels</h2>
        {stage.verticalCarousels.length === 0 ? (
          <div className="empty">
            <p>No vertical carousels.</p>
          </div>
        ) : (
          <ul className="summary-items">
            {stage.verticalCarousels.map((carousel, index) => (
              <li key={carousel.id} className="summary-item">
                <span className="carousel-list__images" aria-hidden="true">
                  {carousel.images.slice(0, 3).map((image) => (
                    <AssetThumbnail key={image.assetId} asset={{ type: 'Image', ...image }} />
                  ))}
                </span>
                <span className="summary-item__text">
                  <span className="summary-item__name">{carouselName(carousel, index)}</span>
                  <span className="summary-item__meta">
                    {carousel.images.length} {carousel.images.length === 1 ? 'image' : 'images'} ·{' '}
                    {formatPosition(carousel.position)} · turn {turnOf(carousel)} · scale {scaleOf(carousel)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StageSummary({ id }: { id: string }) {
  const stage = useStage(id);
  if (stage.isPending) return <StageLoading label="Loading the stage…" />;
  if (stage.isError) {
    return isMissingStage(stage.error) ? <StageNotFound /> : <StageLoadFailed onRetry={() => void stage.refetch()} />;
  }
  return <Summary stage={stage.data} />;
}

/** VPS Placement (/vps-placement?id=): one stage as the VPS app needs it, with the app's download and guide. */
export default function VpsPlacementPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return <div className="container stage-page stage-summary">{id ? <StageSummary id={id} /> : <StageNotFound />}</div>;
}
