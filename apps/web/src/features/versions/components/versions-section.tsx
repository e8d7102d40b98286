import {
  type CatalogItemType,
  checkAdd,
  checkEdit,
  checkSubmit,
  checkTakeDown,
  isRefusal,
  type Slots,
  versionMessages,
} from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/toast.tsx';
import { usePayoutRequiredRedirect } from '../../../hooks/use-payout-required.ts';
import { useChangeVersion } from '../api/change-version.ts';
import { useItemVersions } from '../api/list-versions.ts';
import { type AnyVersion, formatDate, versionNumberOf, versionPagePath, versionState } from '../utils/item-api.ts';
import { AddVersionDialog } from './add-version-dialog.tsx';
import { statusText, VersionHistory } from './version-history.tsx';

/** Why a new version cannot be added now, in the partner's words; undefined when it can. */
function whyNoNewVersion(slots: Slots, testingVersion: AnyVersion | null): string | undefined {
  switch (checkAdd(slots, slots.highestNumber + 1)?.refused) {
    case undefined:
      return undefined;
    case 'TestingVersionExists':
      return `Version ${testingVersion ? versionNumberOf(testingVersion) : ''} is in testing: submit it first.`;
    default:
      return 'The release version must be accepted or taken down first.';
  }
}

export interface VersionsSectionProps {
  type: CatalogItemType;
  itemId: string;
}

/** Detail's lower part: the testing version to submit, the release version, and the history. */
export function VersionsSection({ type, itemId }: VersionsSectionProps) {
  const versions = useItemVersions(type, itemId);
  const change = useChangeVersion(type, itemId, ['PayoutAccountRequired']);
  const redirectIfPayoutRequired = usePayoutRequiredRedirect();
  const [isAdding, setAdding] = useState(false);
  const [isConfirmingTakeDown, setConfirmingTakeDown] = useState(false);

  if (!versions.data) return <div className="card versions versions--loading" aria-busy="true" />;
  const { testingVersion, releaseVersion, historyVersions } = versions.data;
  const all = [testingVersion, releaseVersion, ...historyVersions]
    .filter((v): v is AnyVersion => v !== null)
    .sort((a, b) => versionNumberOf(b) - versionNumberOf(a));
  const slots: Slots = {
    testing: testingVersion ? versionState(testingVersion, 'testing') : undefined,
    release: releaseVersion ? versionState(releaseVersion, 'release') : undefined,
    highestNumber: all[0] ? versionNumberOf(all[0]) : 0,
  };
  const highest = slots.highestNumber;
  const blocked = whyNoNewVersion(slots, testingVersion);

  const add = async (number: number) => {
    try {
      await change.mutateAsync({ kind: 'add', number });
      toast.success(versionMessages.added);
      setAdding(false);
    } catch (err) {
      if (redirectIfPayoutRequired(err)) setAdding(false);
      throw err;
    }
  };
  const submit = async (versionId: string) => {
    await change.mutateAsync({ kind: 'submit', versionId });
    toast.success(versionMessages.submitted);
  };
  const takeDown = async () => {
    if (!releaseVersion) return;
    try {
      await change.mutateAsync({ kind: 'take-down', versionId: releaseVersion.id });
      toast.success(versionMessages.takenDown);
    } finally {
      setConfirmingTakeDown(false);
    }
  };

  const release = slots.release;
  const releaseIsLive = release !== undefined && checkTakeDown(release) === undefined;
  const releaseCanResubmit = release !== undefined && !isRefusal(checkSubmit(slots, release));
  const releaseCanBeEdited = release !== undefined && !isRefusal(checkEdit(release, false));
  const releaseIsRejected = releaseVersion?.reviewStatus === 'Rejected' && releaseVersion.status === 'Active';

  return (
    <section className="versions" aria-labelledby="versions-title">
      <div className="versions__header">
        <h2 id="versions-title">Versions</h2>
        <div className="versions__add">
          <Button
            onClick={() => setAdding(true)}
            disabled={Boolean(blocked)}
            aria-describedby={blocked ? 'add-version-why' : undefined}
          >
            Add Version
          </Button>
          {blocked ? (
            <span className="field__hint" id="add-version-why">
              {blocked}
            </span>
          ) : null}
        </div>
      </div>

      {testingVersion && testingVersion.reviewStatus === 'PrepareForSubmission' ? (
        <section className="card version-block" aria-labelledby="testing-title">
          <div>
            <h3 id="testing-title">Version {versionNumberOf(testingVersion)} · testing</h3>
            <p>
              {testingVersion.iosAssetUrl && testingVersion.androidAssetUrl ? (
                <>
                  Your testers can install it now in the test-distribution app (
                  <Link to="/developers/my-project/tester">Manage Tester</Link>). When it is ready, submit it for
                  approval.
                </>
              ) : (
                'Upload the iOS and Android builds, then submit it for approval.'
              )}
            </p>
          </div>
          <div className="button-row">
            <Link className="btn btn--secondary btn--md" to={versionPagePath(type, itemId, testingVersion.id)}>
              Edit Version
            </Link>
            <Button onClick={() => submit(testingVersion.id)}>Submit for Approval</Button>
          </div>
        </section>
      ) : null}

      {releaseVersion ? (
        <section className="card release-panel" aria-labelledby="release-title">
          <h3 id="release-title">Release version</h3>
          <dl className="facts">
            <div>
              <dt>Status</dt>
              <dd>{statusText(releaseVersion)}</dd>
            </div>
            <div>
              <dt>Version</dt>
              <dd>{versionNumberOf(releaseVersion)}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDate(releaseVersion.createdAt)}</dd>
            </div>
          </dl>
          {releaseIsRejected && releaseVersion.unapproveReason ? (
            <div className="alert alert--error" role="note">
              <strong>Review notes:</strong> {releaseVersion.unapproveReason}
            </div>
          ) : null}
          {releaseVersion.takeDownRole === 'Admins' && releaseVersion.takeDownReason ? (
            <div className="alert alert--error" role="note">
              <strong>Taken down by Lumora:</strong> {releaseVersion.takeDownReason}
            </div>
          ) : null}
          <div className="button-row">
            <Button
              variant="danger"
              onClick={() => setConfirmingTakeDown(true)}
              disabled={!releaseIsLive}
              isThrottled={false}
            >
              Take Down
            </Button>
            {releaseCanResubmit ? <Button onClick={() => submit(releaseVersion.id)}>Resubmit</Button> : null}
            {releaseCanBeEdited ? (
              <Link className="btn btn--secondary btn--md" to={versionPagePath(type, itemId, releaseVersion.id)}>
                Edit
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}

      <h3 className="versions__subtitle">Version history</h3>
      <VersionHistory versions={all} />

      <AddVersionDialog isOpen={isAdding} suggestedNumber={highest + 1} onCancel={() => setAdding(false)} onAdd={add} />
      <ConfirmDialog
        isOpen={isConfirmingTakeDown}
        title="Take down this version?"
        confirmLabel="Take Down"
        variant="danger"
        isBusy={change.isPending}
        onCancel={() => setConfirmingTakeDown(false)}
        onConfirm={takeDown}
      >
        <p>
          Version {releaseVersion ? versionNumberOf(releaseVersion) : ''} leaves the marketplace now. To offer it again,
          add and submit a new version.
        </p>
      </ConfirmDialog>
    </section>
  );
}
