import type { Asset } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { useAssets } from '../api/get-assets.ts';

export type PlaceableAssetType = Asset['type'];

const NONE_YET: Record<PlaceableAssetType, string> = {
  Image: 'No images yet: upload one to place it.',
  Video: 'No videos yet: upload one to place it.',
  Asset3D: 'No 3D assets yet: a 3D model of yours can be placed once a version of it is released.',
};

/** An asset's picture: its thumbnail, an image itself, or the mark of its kind. */
export function AssetThumbnail({ asset }: { asset: Pick<Asset, 'type' | 'url' | 'thumbnailUrl'> }) {
  const src = asset.thumbnailUrl ?? (asset.type === 'Image' ? asset.url : null);
  if (src) return <img className="asset-thumb" src={src} alt="" loading="lazy" />;
  return (
    <span className={`asset-thumb asset-thumb--${asset.type}`} aria-hidden="true">
      {asset.type === 'Video' ? '▶' : '3D'}
    </span>
  );
}

export interface AssetChoicesProps {
  type: PlaceableAssetType;
  /** The radio group's name, unique on the page. */
  name: string;
  value: string | undefined;
  onChange: (asset: Asset) => void;
  describedBy?: string;
}

/** The partner's assets of one kind, to pick one from. */
export function AssetChoices({ type, name, value, onChange, describedBy }: AssetChoicesProps) {
  const assets = useAssets(type);
  if (assets.isPending) {
    return (
      <p className="asset-choices__status" role="status" aria-busy="true">
        Loading your assets…
      </p>
    );
  }
  if (assets.isError) {
    return (
      <div className="alert alert--error asset-choices__status">
        <p>Your assets could not be loaded.</p>
        <Button variant="secondary" onClick={() => void assets.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (assets.data.data.length === 0) return <p className="asset-choices__status">{NONE_YET[type]}</p>;
  return (
    <ul className="asset-choices" aria-describedby={describedBy}>
      {assets.data.data.map((asset) => (
        <li key={asset.id}>
          <label className="asset-choice">
            <input
              type="radio"
              name={name}
              value={asset.id}
              checked={value === asset.id}
              onChange={() => onChange(asset)}
            />
            <AssetThumbnail asset={asset} />
            <span className="asset-choice__name">{asset.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
