import {
  type CatalogItemType,
  isInReview,
  MAX_UPDATE_LOG_LENGTH,
  type UploadedFile,
  updateVersionBodySchema,
  versionMessages,
} from '@portal/contracts';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { BuildReportView } from '../../../components/build-report.tsx';
import { BuildUpload } from '../../../components/build-upload.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Field } from '../../../components/form/field.tsx';
import { TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useChangeVersion } from '../api/change-version.ts';
import { type AnyVersion, BUILD_PLATFORMS, type BuildPlatformKey, versionNumberOf } from '../utils/item-api.ts';
import { isBuildChanged, unsavedChanges } from '../utils/unsaved-changes.ts';

const build = z.custom<UploadedFile | null>();
const required = (message: string) => build.refine((file) => Boolean(file), { error: message });

const versionFormSchema = z.object({
  updateLog: updateVersionBodySchema.shape.updateLog,
  ios: required(versionMessages.iosRequired),
  android: required(versionMessages.androidRequired),
  visionOS: build,
  macOS: build,
});

/** Saving waits for the builds on their way: else it would save the build each one replaces. */
const stillUploading = (platform: string) => `The ${platform} build is still uploading: wait for it, or cancel it.`;

/** The form's rules while some builds are uploading: those are not ready to save. */
function versionFormSchemaWhile(uploading: Partial<Record<BuildPlatformKey, boolean>>): typeof versionFormSchema {
  const busy = BUILD_PLATFORMS.filter(({ key }) => uploading[key]);
  if (busy.length === 0) return versionFormSchema;
  const notReady = busy.map(({ key, label }) => [key, build.refine(() => false, { error: stillUploading(label) })]);
  return versionFormSchema.extend(Object.fromEntries(notReady)) as typeof versionFormSchema;
}

type VersionFormValues = {
  updateLog: string;
  ios: UploadedFile | null;
  android: UploadedFile | null;
  visionOS: UploadedFile | null;
  macOS: UploadedFile | null;
};

/** A stored build as the uploader shows it. */
const storedBuild = (url: string | null): UploadedFile | null =>
  url ? { name: url.split('/').pop() ?? url, origin: url, icon: null, medium: null, small: null } : null;

export interface VersionFormProps {
  type: CatalogItemType;
  itemId: string;
  version: AnyVersion;
  onSaved: () => void;
}

/** The Version page's form: update log and the builds of the four platforms. */
export function VersionForm({ type, itemId, version, onSaved }: VersionFormProps) {
  const change = useChangeVersion(type, itemId);
  const [pending, setPending] = useState<VersionFormValues>();
  const [uploading, setUploading] = useState<Partial<Record<BuildPlatformKey, boolean>>>({});

  const save = async (values: z.output<typeof versionFormSchema>, interruptReview: boolean) => {
    await change.mutateAsync({
      kind: 'save',
      versionId: version.id,
      body: {
        updateLog: values.updateLog,
        iosAssetUrl: values.ios?.origin ?? '',
        androidAssetUrl: values.android?.origin ?? '',
        visionOSAssetUrl: values.visionOS?.origin ?? '',
        macOSAssetUrl: values.macOS?.origin ?? '',
        interruptReview,
      },
    });
    toast.success(versionMessages.saved);
    onSaved();
  };

  const schema = useMemo(() => versionFormSchemaWhile(uploading), [uploading]);
  const form = useZodForm({
    schema,
    initialValues: {
      updateLog: version.updateLog,
      ios: storedBuild(version.iosAssetUrl),
      android: storedBuild(version.androidAssetUrl),
      visionOS: storedBuild(version.visionOSAssetUrl),
      macOS: storedBuild(version.macOSAssetUrl),
    } satisfies VersionFormValues,
    onSubmit: async (values) => {
      // a review in progress is interrupted only once the partner has confirmed it
      if (isInReview(version)) {
        setPending(values as VersionFormValues);
        return;
      }
      await save(values, false);
    },
  });
  const { errors } = form;
  const unsaved = unsavedChanges(version, form.values, uploading);
  const leaveGuard = useLeaveGuard(unsaved.length > 0);

  return (
    <>
      <form ref={form.formRef} className="card form" noValidate onSubmit={form.handleSubmit} aria-label="Version">
        <h2 className="form__title">Version {versionNumberOf(version)}</h2>
        {isInReview(version) ? (
          <div className="alert alert--warning" role="note">
            This version is being reviewed. Saving changes interrupts the review; you can submit it again afterwards.
          </div>
        ) : null}
        <TextAreaField
          form={form}
          name="updateLog"
          label="Update log"
          isRequired
          rows={5}
          maxLength={MAX_UPDATE_LOG_LENGTH}
          placeholder="What is new in this version"
        />
        <div className="form__row version-form__builds">
          {BUILD_PLATFORMS.map(({ key, label, urlKey, isRequired }) => (
            <Field key={key} id={form.fieldId(key)} label={`${label} file`} isRequired={isRequired} error={errors[key]}>
              <BuildUpload
                id={form.fieldId(key)}
                platform={label}
                value={form.values[key]}
                isUnsaved={isBuildChanged(version, urlKey, form.values[key])}
                onChange={(file) => form.setValue(key, file)}
                onRevalidate={() => form.touch(key)}
                onUploadingChange={(isUploading) =>
                  setUploading((current) =>
                    Boolean(current[key]) === isUploading ? current : { ...current, [key]: isUploading },
                  )
                }
                aria-invalid={Boolean(errors[key])}
                aria-describedby={errors[key] ? `${form.fieldId(key)}-error` : undefined}
              />
              {form.values[key] ? <BuildReportView url={form.values[key].origin} label={`${label} build`} /> : null}
            </Field>
          ))}
        </div>
        <div className="form__actions">
          <Button type="submit" isLoading={form.isSubmitting || change.isPending}>
            Save Version
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={pending !== undefined}
        title="Interrupt the review?"
        confirmLabel="Save and interrupt"
        isBusy={change.isPending}
        onCancel={() => setPending(undefined)}
        onConfirm={async () => {
          const values = versionFormSchema.parse(pending);
          setPending(undefined);
          await save(values, true).catch(() => undefined);
        }}
      >
        <p>
          Version {versionNumberOf(version)} is being reviewed. Saving your changes stops the review and brings it back
          to Prepare For Submission.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={leaveGuard.isAsking}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        variant="danger"
        onCancel={leaveGuard.stay}
        onConfirm={leaveGuard.leave}
      >
        <p>Version {versionNumberOf(version)} has changes that are not saved:</p>
        <ul>
          {unsaved.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>To keep them, stay and press Save Version.</p>
      </ConfirmDialog>
    </>
  );
}
