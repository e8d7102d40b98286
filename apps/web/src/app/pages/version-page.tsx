import { type CatalogItemType, catalogItemTypes } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { modelQueryOptions } from '../../features/catalog/api/get-model.ts';
import { productQueryOptions } from '../../features/catalog/api/get-product.ts';
import { ItemNotFound } from '../../features/catalog/components/item-not-found.tsx';
import { detailPath } from '../../features/catalog/utils/paths.ts';
import { useVersion } from '../../features/versions/api/get-version.ts';
import { ReviewConversation } from '../../features/versions/components/review-conversation.tsx';
import { isVersionEditable, VersionForm } from '../../features/versions/components/version-form.tsx';

const isCatalogItemType = (value: string | null): value is CatalogItemType =>
  (catalogItemTypes as readonly (string | null)[]).includes(value);

function useItemName(type: CatalogItemType, id: string): string | undefined {
  const product = useQuery({ ...productQueryOptions(id), enabled: type === 'game' });
  const model = useQuery({ ...modelQueryOptions(id), enabled: type === 'model' });
  return type === 'game' ? product.data?.name : model.data?.name;
}

function VersionPageBody({ type, itemId, versionId }: { type: CatalogItemType; itemId: string; versionId: string }) {
  const navigate = useNavigate();
  const version = useVersion(type, versionId);
  const itemName = useItemName(type, itemId);
  const backTo = detailPath({ id: itemId, name: itemName ?? '' }, type);

  if (version.isError) return <ItemNotFound message="This version does not exist, or it is not yours." />;
  if (!version.data) return <div className="card page-loading" aria-busy="true" />;
  if (!isVersionEditable(version.data)) {
    return (
      <div className="narrow-form narrow-form--wide">
        <div className="card">
          <p>This version is released or taken down, so it can no longer be changed. Add a new version instead.</p>
          <Link className="btn btn--secondary btn--md" to={backTo}>
            Back to {itemName ?? 'the project'}
          </Link>
        </div>
        <ReviewConversation type={type} versionId={versionId} />
      </div>
    );
  }
  return (
    <div className="narrow-form narrow-form--wide">
      <Link className="back-link" to={backTo}>
        ← {itemName ?? 'Back to the project'}
      </Link>
      <VersionForm type={type} itemId={itemId} version={version.data} onSaved={() => navigate(backTo)} />
      <ReviewConversation type={type} versionId={versionId} />
    </div>
  );
}

/** Version (query prodId, vId, type): the update log and builds of one version. */
export default function VersionPage() {
  const [params] = useSearchParams();
  const itemId = params.get('prodId');
  const versionId = params.get('vId');
  const type = params.get('type');
  if (!itemId || !versionId || !isCatalogItemType(type)) {
    return <ItemNotFound message="This link does not lead to a version." />;
  }
  return <VersionPageBody key={versionId} type={type} itemId={itemId} versionId={versionId} />;
}
