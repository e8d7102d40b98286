import { ITEM_DETAIL_QUERY, isCatalogItemType } from '@portal/contracts';
import { useSearchParams } from 'react-router';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { CatalogItemDetail } from '../../features/catalog/components/item-detail.tsx';
import { ItemNotFound } from '../../features/catalog/components/item-not-found.tsx';
import { ReviewStanding } from '../../features/versions/components/review-standing.tsx';
import { VersionsSection } from '../../features/versions/components/versions-section.tsx';
import { useMay } from '../../lib/studio-role.ts';

/** Detail (query name, id, type): the item from the catalog, where its version in review stands, its versions. */
export default function DetailPage() {
  const [params] = useSearchParams();
  const profile = useProfile();
  const may = useMay();
  const id = params.get(ITEM_DETAIL_QUERY.id);
  const type = params.get(ITEM_DETAIL_QUERY.type);
  if (!id || !isCatalogItemType(type)) return <ItemNotFound message="This link does not lead to a project." />;
  return (
    <div className="detail-page">
      <CatalogItemDetail
        key={`${type}:${id}`}
        type={type}
        id={id}
        actions={{ testStaging: may('console'), edit: may('listing.write'), remove: may('items.write') }}
      >
        <ReviewStanding type={type} itemId={id} />
        <VersionsSection
          type={type}
          itemId={id}
          isPayoutConnected={profile.data?.connectedToStripe}
          canChange={may('versions.write')}
        />
      </CatalogItemDetail>
    </div>
  );
}
