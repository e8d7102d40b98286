import { ITEM_DETAIL_QUERY, isCatalogItemType } from '@portal/contracts';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/tabs.tsx';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { ItemAnalytics } from '../../features/analytics/components/item-analytics.tsx';
import { CatalogItemDetail } from '../../features/catalog/components/item-detail.tsx';
import { ItemNotFound } from '../../features/catalog/components/item-not-found.tsx';
import { ReviewStanding } from '../../features/versions/components/review-standing.tsx';
import { VersionsSection } from '../../features/versions/components/versions-section.tsx';
import { useMay } from '../../lib/studio-role.ts';

/** The query name of Detail's tab (absent: Versions). */
const TAB_PARAM = 'tab';
type DetailTab = 'versions' | 'analytics';

/**
 * Detail (query name, id, type): the item from the catalog, and two tabs: where its version in review stands and its
 * versions; its analytics (`tab=analytics`).
 */
export default function DetailPage() {
  const [params, setParams] = useSearchParams();
  const profile = useProfile();
  const may = useMay();
  const id = params.get(ITEM_DETAIL_QUERY.id);
  const type = params.get(ITEM_DETAIL_QUERY.type);
  if (!id || !isCatalogItemType(type)) return <ItemNotFound message="This link does not lead to a project." />;
  const tab: DetailTab = params.get(TAB_PARAM) === 'analytics' ? 'analytics' : 'versions';
  const selectTab = (next: DetailTab) =>
    setParams(
      (current) => {
        if (next === 'versions') current.delete(TAB_PARAM);
        else current.set(TAB_PARAM, next);
        return current;
      },
      { replace: true },
    );
  return (
    <div className="detail-page">
      <CatalogItemDetail
        key={`${type}:${id}`}
        type={type}
        id={id}
        actions={{ testStaging: may('console'), edit: may('listing.write'), remove: may('items.write') }}
      >
        <Tabs<DetailTab>
          idPrefix="detail"
          label="Project"
          selected={tab}
          onSelect={selectTab}
          tabs={[
            {
              key: 'versions',
              label: 'Versions',
              panel: (
                <>
                  <ReviewStanding type={type} itemId={id} />
                  <VersionsSection
                    type={type}
                    itemId={id}
                    isPayoutConnected={profile.data?.connectedToStripe}
                    canChange={may('versions.write')}
                  />
                </>
              ),
            },
            { key: 'analytics', label: 'Analytics', panel: <ItemAnalytics itemId={id} /> },
          ]}
        />
      </CatalogItemDetail>
    </div>
  );
}
