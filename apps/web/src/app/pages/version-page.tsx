import {
  type CatalogItemType,
  editModeOf,
  isCatalogItemType,
  itemDetailPath,
  VERSION_PAGE_QUERY,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { itemQueryOptions } from '../../features/catalog/api/get-item.ts';
import { ItemNotFound } from '../../features/catalog/components/item-not-found.tsx';
import { useVersion } from '../../features/versions/api/get-version.ts';
import { ReviewConversation } from '../../features/versions/components/review-conversation.tsx';
import { VersionDetails } from '../../features/versions/components/version-details.tsx';
import { VersionForm } from '../../features/versions/components/version-form.tsx';
import { type AnyVersion, versionState } from '../../features/versions/utils/item-api.ts';
import { useMay } from '../../lib/studio-role.ts';

/** Why a role that reads versions finds no form on the Version page. */
const READ_ONLY_ROLE = 'Your role in this studio reads versions: the Owner, Admins and Developers change them.';

function useItemName(type: CatalogItemType, id: string): string | undefined {
  return useQuery(itemQueryOptions(type, id)).data?.name;
}

/** Why a version the rules keep as it is cannot be changed, in the partner's words. */
function whyReadOnly(version: AnyVersion): string {
  if (version.slot === 'history') return 'An earlier version: it can no longer be changed.';
  if (version.status === 'TakeDown') {
    return 'Taken down: this version can no longer be changed. To offer the project again, add a new version.';
  }
  return 'Released: this version can no longer be changed. To ship changes, add a new version.';
}

function VersionPageBody({ type, itemId, versionId }: { type: CatalogItemType; itemId: string; versionId: string }) {
  const navigate = useNavigate();
  const version = useVersion(type, versionId);
  const itemName = useItemName(type, itemId);
  const [isInterrupting, setInterrupting] = useState(false);
  const may = useMay();
  // the form holds the builds: changing a version takes both (every role with one has the other)
  const canChange = may('versions.write') && may('builds');
  const canReadBuilds = may('builds');
  const backTo = itemDetailPath({ id: itemId, type, name: itemName ?? '' });

  if (version.isError) return <ItemNotFound message="This version does not exist, or it is not yours." />;
  if (!version.data) return <div className="card page-loading" aria-busy="true" />;
  const mode = editModeOf(versionState(version.data));
  const isEditing = mode === 'edit' || (mode === 'interrupt-review' && isInterrupting);
  return (
    <div className="version-page">
      <Link className="back-link" to={backTo}>
        ← {itemName ?? 'Back to the project'}
      </Link>
      {!canChange ? (
        <VersionDetails version={version.data} reason={READ_ONLY_ROLE} showReports={canReadBuilds} />
      ) : isEditing ? (
        <VersionForm type={type} itemId={itemId} version={version.data} onSaved={() => navigate(backTo)} />
      ) : mode === 'interrupt-review' ? (
        <VersionDetails
          version={version.data}
          reason="In review: editing would interrupt the review. Answer the reviewers below, or edit the version and submit it again."
          action={
            <Button variant="secondary" onClick={() => setInterrupting(true)} isThrottled={false}>
              Edit and interrupt the review
            </Button>
          }
        />
      ) : (
        <VersionDetails version={version.data} reason={whyReadOnly(version.data)} />
      )}
      <div id="conversation">
        <ReviewConversation
          type={type}
          itemId={itemId}
          versionId={versionId}
          unreadCount={version.data.unreadMessageCount}
          canWrite={canChange}
        />
      </div>
    </div>
  );
}

/** Version (query prodId, vId, type): the update log and builds of one version, and its review conversation. */
export default function VersionPage() {
  const [params] = useSearchParams();
  const itemId = params.get(VERSION_PAGE_QUERY.itemId);
  const versionId = params.get(VERSION_PAGE_QUERY.versionId);
  const type = params.get(VERSION_PAGE_QUERY.type);
  if (!itemId || !versionId || !isCatalogItemType(type)) {
    return <ItemNotFound message="This link does not lead to a version." />;
  }
  return <VersionPageBody key={versionId} type={type} itemId={itemId} versionId={versionId} />;
}
