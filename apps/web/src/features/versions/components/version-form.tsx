import {
  type CatalogItemType,
  isInReview,
  MAX_UPDATE_LOG_LENGTH,
  type UploadedFile,
  updateVersionBodySchema,
  versionMessages,
} from '@portal/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { BuildReportView } from '../../../components/build-report.tsx';
import { BuildUpload } from '../../../components/build-upload.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Field } from '../../../components/form/field.tsx';
import { TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useChangeVersion } from '../api/change-version.ts';
import { type AnyVersion, BUILD_PLATFORMS, versionNumberOf } from '../utils/item-api.ts';

const build = z.custom<UploadedFile | null>();
const required = (message: string) => build.refine((file) => Boolean(file), { error: message });

const versionFormSchema = z.object({
  updateLog: updateVersionBodySchema.shape.updateLog,
  ios: required(versionMessages.iosRequired),
  android: required(versionMessages.androidRequired),
  visionOS: build,
  macOS: build,
});

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

  const form = useZodForm({
    schema: versionFormSchema,
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
          {BUILD_PLATFORMS.map(({ key, label, isRequired }) => (
            <Field key={key} id={form.fieldId(key)} label={`${label} file`} isRequired={isRequired} error={errors[key]}>
              <BuildUpload
                id={form.fieldId(key)}
                platform={label}
                value={form.values[key]}
                onChange={(file) => form.setValue(key, file)}
                onRevalidate={() => form.touch(key)}
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
    </>
  );
}
