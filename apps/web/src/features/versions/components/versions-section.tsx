import {
  type CatalogItemType,
  checkAdd,
  checkSubmit,
  editModeOf,
  errorCatalog,
  hasRequiredBuilds,
  isAwaitingRelease,
  isInReview,
  isRefusal,
  isRejected,
  type Slots,
  slotsOf,
  versionMessages,
  versionPagePath,
} from '@portal/contracts';
import { MANAGE_TESTER_PATH } from '@portal/contracts/pages';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useSubmissionBlocker } from '../../../components/build-report.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { VersionStatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { usePayoutRequiredRedirect, useSendToPayoutConnection } from '../../../hooks/use-payout-required.ts';
import { formatDate } from '../../../lib/format.ts';
import { useChangeVersion, type VersionChange } from '../api/change-version.ts';
import { useItemVersions } from '../api/list-versions.ts';
import { type AnyVersion, versionNumberOf, versionState } from '../utils/item-api.ts';
import { AddVersionDialog } from './add-version-dialog.tsx';
import { ConversationButton, ConversationDialog } from './conversation-dialog.tsx';
import { VersionHistory } from './version-history.tsx';

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

/** Why a version cannot be submitted now (the message the server would refuse it with); undefined when it can. */
function whyNoSubmit(slots: Slots, version: AnyVersion): string | undefined {
  const submission = checkSubmit(slots, versionState(version));
  return isRefusal(submission) ? errorCatalog[submission.refused].message : undefined;
}

/**
 * Submit (or Resubmit) with the reason it is held back beside it: the version rules' refusal, else its builds'
 * reports (errors, or a validation still running: the button waits for it).
 */
function SubmitControl(props: {
  version: AnyVersion;
  label: string;
  refusal: string | undefined;
  onSubmit: () => void;
  choice: ReactNode;
}) {
  const { version, label, refusal, onSubmit, choice } = props;
  const builds = useSubmissionBlocker([
    version.iosAssetUrl,
    version.androidAssetUrl,
    version.visionOSAssetUrl,
    version.macOSAssetUrl,
  ]);
  const why = refusal ?? builds.message;
  const whyId = useId();
  return (
    <div className="version-block__submit">
      <Button onClick={onSubmit} disabled={Boolean(why) || builds.isLoading} aria-describedby={why ? whyId : undefined}>
        {label}
      </Button>
      {why ? (
        <span className="field__hint" id={whyId}>
          {why}
        </span>
      ) : (
        choice
      )}
    </div>
  );
}

export interface VersionsSectionProps {
  type: CatalogItemType;
  itemId: string;
  /** From the profile; undefined while it loads (the server refuses an unconnected partner anyway). */
  isPayoutConnected: boolean | undefined;
  /**
   * Whether the member's role changes versions (adds, submits, releases, takes down, writes to the reviewers): a role
   * that only reads them sees where each stands, and no action.
   */
  canChange?: boolean;
}

/** What a role that reads versions is told where the actions would be. */
export const READ_ONLY_VERSIONS =
  'Your role in this studio reads versions: the Owner, Admins and Developers add, submit and release them.';

/** Detail's lower part: the testing version to submit, the release version, and the history. */
export function VersionsSection({ type, itemId, isPayoutConnected, canChange = true }: VersionsSectionProps) {
  const versions = useItemVersions(type, itemId);
  const change = useChangeVersion(type, itemId, ['PayoutAccountRequired']);
  const redirectIfPayoutRequired = usePayoutRequiredRedirect();
  const sendToPayoutConnection = useSendToPayoutConnection();
  const [isAdding, setAdding] = useState(false);
  const [isConfirmingTakeDown, setConfirmingTakeDown] = useState(false);
  const [isConfirmingRelease, setConfirmingRelease] = useState(false);
  const [releaseOnAcceptance, setReleaseOnAcceptance] = useState(true);
  const [conversationId, setConversationId] = useState<string>();

  if (!versions.data) return <div className="card versions versions--loading" aria-busy="true" />;
  const { testingVersion, releaseVersion, historyVersions } = versions.data;
  const all = [testingVersion, releaseVersion, ...historyVersions]
    .filter((v): v is AnyVersion => v !== null)
    .sort((a, b) => versionNumberOf(b) - versionNumberOf(a));
  const slots = slotsOf(all.map(versionState));
  const blocked = whyNoNewVersion(slots, testingVersion);
  const liveVersion = all.find((version) => version.isLive);
  const openConversation = (version: AnyVersion) => setConversationId(version.id);

  // SPEC §2: a partner without a connected payout account is sent to connect it before trying, not after a refusal
  const isSentToConnect = () => {
    if (isPayoutConnected !== false) return false;
    sendToPayoutConnection();
    return true;
  };

  /** Runs a change; a refusal has already been reported once (or has sent the partner to connect), so it only answers false. */
  const run = async (versionChange: VersionChange): Promise<boolean> => {
    try {
      await change.mutateAsync(versionChange);
      return true;
    } catch (err) {
      redirectIfPayoutRequired(err);
      return false;
    }
  };

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
    if (isSentToConnect()) return;
    if (await run({ kind: 'submit', versionId, releaseOnAcceptance })) toast.success(versionMessages.submitted);
  };
  const takeDown = async () => {
    if (!liveVersion) return;
    const isDone = await run({ kind: 'take-down', versionId: liveVersion.id });
    setConfirmingTakeDown(false);
    if (isDone) toast.success(versionMessages.takenDown);
  };
  const releaseNow = async () => {
    if (!releaseVersion) return;
    const isDone = await run({ kind: 'release', versionId: releaseVersion.id });
    setConfirmingRelease(false);
    if (isDone) toast.success(versionMessages.released);
  };
  const releaseChoice = (
    <label className="checkbox version-block__release-choice">
      <input
        type="checkbox"
        checked={releaseOnAcceptance}
        onChange={(event) => setReleaseOnAcceptance(event.target.checked)}
      />
      <span>Release automatically when accepted</span>
    </label>
  );

  const testingSubmitBlocked = testingVersion ? whyNoSubmit(slots, testingVersion) : undefined;
  const release = releaseVersion ? versionState(releaseVersion) : undefined;
  const releaseCanResubmit = release !== undefined && !isRefusal(checkSubmit(slots, release));

  return (
    <section className="versions" aria-labelledby="versions-title">
      <div className="versions__header">
        <h2 id="versions-title">Versions</h2>
        {canChange ? (
          <div className="versions__add">
            <Button
              onClick={() => {
                if (!isSentToConnect()) setAdding(true);
              }}
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
        ) : (
          <p className="field__hint versions__read-only">{READ_ONLY_VERSIONS}</p>
        )}
      </div>

      {testingVersion ? (
        <section className="card version-block" aria-labelledby="testing-title">
          <div className="version-block__text">
            <h3 id="testing-title">Version {versionNumberOf(testingVersion)} · testing</h3>
            <VersionStatusPill version={testingVersion} />
            <p>
              {hasRequiredBuilds(testingVersion) ? (
                canChange ? (
                  <>
                    Your testers can install it now in the test-distribution app (
                    <Link to={MANAGE_TESTER_PATH}>Manage Tester</Link>). When it is ready, submit it for approval.
                  </>
                ) : (
                  'The studio’s testers can install it now in the test-distribution app.'
                )
              ) : (
                'Add its builds and update log on its Version page, then submit it for approval.'
              )}
            </p>
          </div>
          <div className="button-row version-block__actions">
            <Link
              className="btn btn--secondary btn--md"
              to={versionPagePath({ itemId, versionId: testingVersion.id, type })}
            >
              {canChange ? 'Edit Version' : `View Version ${versionNumberOf(testingVersion)}`}
            </Link>
            {canChange ? (
              <SubmitControl
                version={testingVersion}
                label="Submit for Approval"
                refusal={testingSubmitBlocked}
                onSubmit={() => submit(testingVersion.id)}
                choice={releaseChoice}
              />
            ) : null}
            <ConversationButton version={testingVersion} onOpen={openConversation} />
          </div>
        </section>
      ) : null}

      {releaseVersion && release ? (
        <section className="card release-panel" aria-labelledby="release-title">
          <h3 id="release-title">Release version</h3>
          <dl className="facts">
            <div>
              <dt>Status</dt>
              <dd>
                <VersionStatusPill version={releaseVersion} />
              </dd>
            </div>
            <div>
              <dt>Version</dt>
              <dd>{versionNumberOf(releaseVersion)}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDate(releaseVersion.createdAt)}</dd>
            </div>
            <div>
              <dt>Marketplace</dt>
              <dd className="release-panel__live">
                {liveVersion ? `Live: version ${versionNumberOf(liveVersion)}` : 'Not on sale'}
              </dd>
            </div>
          </dl>
          {isInReview(releaseVersion) ? (
            <p className="release-panel__note">
              Lumora's reviewers are checking this version. Their questions come to its conversation and to your
              mailbox.{' '}
              {liveVersion ? `Version ${versionNumberOf(liveVersion)} stays on sale until this one is released.` : null}{' '}
              {releaseVersion.releaseOnAcceptance
                ? 'It goes live as soon as it is accepted.'
                : 'Once accepted, it waits for you to release it.'}
            </p>
          ) : null}
          {isAwaitingRelease(release) ? (
            <div className="alert alert--info" role="note">
              <strong>Accepted.</strong> Version {versionNumberOf(releaseVersion)} passed review and waits for you to
              release it{liveVersion ? `; version ${versionNumberOf(liveVersion)} stays on sale until then` : ''}.
            </div>
          ) : null}
          {isRejected(releaseVersion) && releaseVersion.unapproveReason ? (
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
            {/* only opens the dialog, whose Take Down is the throttled action */}
            {canChange && isAwaitingRelease(release) ? (
              <Button onClick={() => setConfirmingRelease(true)} isThrottled={false}>
                Release this version
              </Button>
            ) : null}
            {/* only what is on sale can be taken down: a rejected or taken-down release offers nothing to take */}
            {canChange && liveVersion ? (
              <Button variant="danger" onClick={() => setConfirmingTakeDown(true)} isThrottled={false}>
                {liveVersion.id !== releaseVersion.id
                  ? `Take Down Version ${versionNumberOf(liveVersion)}`
                  : 'Take Down'}
              </Button>
            ) : null}
            {canChange && releaseCanResubmit ? (
              <SubmitControl
                version={releaseVersion}
                label="Resubmit"
                refusal={undefined}
                onSubmit={() => submit(releaseVersion.id)}
                choice={releaseChoice}
              />
            ) : null}
            <Link
              className="btn btn--secondary btn--md"
              to={versionPagePath({ itemId, versionId: releaseVersion.id, type })}
            >
              {canChange && editModeOf(release) === 'edit' ? 'Edit' : `View Version ${versionNumberOf(releaseVersion)}`}
            </Link>
            <ConversationButton version={releaseVersion} onOpen={openConversation} />
          </div>
        </section>
      ) : null}

      <h3 className="versions__subtitle">Version history</h3>
      <VersionHistory type={type} itemId={itemId} versions={all} onOpenConversation={openConversation} />

      <AddVersionDialog
        isOpen={isAdding}
        suggestedNumber={slots.highestNumber + 1}
        onCancel={() => setAdding(false)}
        onAdd={add}
      />
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
          Version {liveVersion ? versionNumberOf(liveVersion) : ''} leaves the marketplace now. To offer it again, add
          and submit a new version.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={isConfirmingRelease}
        title="Release this version?"
        confirmLabel="Release"
        isBusy={change.isPending}
        onCancel={() => setConfirmingRelease(false)}
        onConfirm={releaseNow}
      >
        <p>
          Version {releaseVersion ? versionNumberOf(releaseVersion) : ''} goes on sale in the marketplace now
          {liveVersion ? `, in place of version ${versionNumberOf(liveVersion)}` : ''}.
        </p>
      </ConfirmDialog>
      <ConversationDialog
        type={type}
        itemId={itemId}
        version={all.find((version) => version.id === conversationId)}
        onClose={() => setConversationId(undefined)}
        canWrite={canChange}
      />
    </section>
  );
}
