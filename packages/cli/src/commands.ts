import {
  checkEdit,
  errorCatalog,
  isRefusal,
  itemTypeLabels,
  projectStatusLabels,
  type ReviewedState,
  submitVersionBodySchema,
  updateVersionBodySchema,
} from '@portal/contracts';
import type { ItemType } from '@portal/contracts/item-types';
import { createApiClient } from './api.ts';
import { maskKey, saveConfig } from './config.ts';
import type { Context, Outcome } from './context.ts';
import { CliError, EXIT_CODES } from './errors.ts';
import {
  addVersionBody,
  basePathOf,
  findItem,
  findItemVersion,
  firstMessage,
  flagOfType,
  type Item,
  type ItemVersions,
  listItems,
  listVersions,
  liveVersionIn,
  parseVersionNumber,
  reviewStatusLabel,
  type VersionView,
} from './items.ts';
import { createProgress } from './progress.ts';
import { formatReport, hasErrors, type LooseReport } from './report.ts';
import { checkBuildFile, type LocalBuild, PLATFORMS, uploadBuild, waitForReport } from './upload.ts';

const itemJson = (item: Item) => ({ id: item.id, type: flagOfType(item.type), name: item.name, status: item.status });
const itemTitle = (item: Item) => `${item.name} (${itemTypeLabels[item.type]})`;
const statusLabel = (status: string) => (projectStatusLabels as Record<string, string>)[status] ?? status;

function versionJson(version: VersionView) {
  return {
    id: version.id,
    number: version.number,
    slot: version.slot,
    reviewStatus: version.reviewStatus,
    status: version.status,
    unapproveReason: version.unapproveReason,
    submittedAt: version.submittedAt,
    ...(version.releasedAt !== undefined ? { releasedAt: version.releasedAt } : {}),
    ...(version.isLive !== undefined ? { isLive: version.isLive } : {}),
    ...(version.releaseOnAcceptance !== undefined ? { releaseOnAcceptance: version.releaseOnAcceptance } : {}),
    builds: {
      ios: version.iosAssetUrl,
      android: version.androidAssetUrl,
      visionOS: version.visionOSAssetUrl,
      macOS: version.macOSAssetUrl,
    },
  };
}

function versionLine(version: VersionView): string {
  const taken = version.status === 'TakeDown' ? ', taken down' : '';
  const waiting =
    version.reviewStatus === 'AcceptedAndReleased' && version.releasedAt === null ? ', waiting for its release' : '';
  const reason = version.reviewStatus === 'Rejected' && version.unapproveReason ? `: ${version.unapproveReason}` : '';
  return `v${version.number} ${reviewStatusLabel(version.reviewStatus)}${taken}${waiting}${reason}`;
}

// login

export async function login(context: Context, options: { key: string }): Promise<Outcome> {
  let key = options.key;
  if (key === '-') {
    key = '';
    for await (const chunk of context.io.stdin) key += chunk.toString();
  }
  key = key.trim();
  if (!key) throw new CliError('ValidationFailed', 'Please give the API key: lumora login --key <secret>.');
  const { server, fileServer, configFile } = context.settings;
  const client = createApiClient({ server, fileServer, key });
  const warnings: string[] = [];
  try {
    // the cheapest call a key can make proves that the server knows it
    await client.request('GET', '/api/Product', { query: { PageIndex: 1, PageSize: 1 } });
  } catch (error) {
    if (!(error instanceof CliError && error.errorCode === 'ApiKeyScopeMissing')) throw error;
    warnings.push('This key has no read scope: lumora items and lumora status will be refused.');
  }
  await saveConfig(configFile, { server, key });
  if (context.io.env.LUMORA_API_KEY) warnings.push('LUMORA_API_KEY is set: it overrides the saved key.');
  for (const warning of warnings) context.note(warning);
  return {
    data: { server, key: maskKey(key), configFile, warnings },
    lines: [`Logged in to ${server} with the key ${maskKey(key)}.`, `Saved in ${configFile}.`],
  };
}

// items

export async function items(context: Context): Promise<Outcome> {
  const list = await listItems(context.client());
  const rows = list.map((item) => [item.id, flagOfType(item.type), statusLabel(item.status), item.name]);
  const widths = [0, 1, 2].map((column) =>
    Math.max(...[['ID', 'TYPE', 'STATUS'], ...rows].map((r) => r[column]?.length ?? 0)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell))
      .join('  ')
      .trimEnd();
  return {
    data: { items: list.map(itemJson) },
    lines: list.length
      ? [format(['ID', 'TYPE', 'STATUS', 'NAME']), ...rows.map(format)]
      : ['You have no games or 3D models yet: create one on the Partner Portal.'],
  };
}

// version add

export async function addVersion(
  context: Context,
  itemId: string,
  numberText: string,
  options: { type?: ItemType },
): Promise<Outcome> {
  const number = parseVersionNumber(numberText);
  addVersionBody({ id: itemId, type: options.type ?? 'Product' }, number);
  const client = context.client();
  const item = await findItem(client, itemId, options.type);
  const raw = await client.request<VersionView & { productVersion?: number; modelVersion?: number }>(
    'POST',
    `${basePathOf(item.type)}/Version`,
    { body: addVersionBody(item, number) },
  );
  const version: VersionView = { ...raw, number: raw.productVersion ?? raw.modelVersion ?? number };
  return {
    data: { item: itemJson(item), version: versionJson(version) },
    lines: [`Added version ${number} of ${itemTitle(item)}: it is the testing version.`],
  };
}

// upload

export interface UploadOptions {
  ios?: string;
  android?: string;
  visionos?: string;
  macos?: string;
  notes?: string;
  interruptReview?: boolean;
  type?: ItemType;
  /** Seconds to wait for a build's report while the host still produces it. */
  reportTimeout: number;
}

/** Stands for a build about to be uploaded while the version's new fields are checked before any upload. */
const UPLOAD_PLACEHOLDER = 'upload-pending';

/** The version's new fields: the given builds, its other builds as they are, its log unless --notes replaces it. */
function plannedUpdate(
  version: VersionView,
  urls: Partial<Record<(typeof PLATFORMS)[number]['field'], string>>,
  options: UploadOptions,
) {
  const body: Record<string, unknown> = {
    updateLog: options.notes ?? version.updateLog,
    interruptReview: options.interruptReview === true,
  };
  for (const platform of PLATFORMS) {
    const url = urls[platform.field] ?? version[platform.field];
    // the optional platforms take no null: a build never uploaded is left out
    if (url) body[platform.field] = url;
    else if (platform.key === 'ios' || platform.key === 'android') body[platform.field] = '';
  }
  return body;
}

function checkUpdate(body: Record<string, unknown>): void {
  const parsed = updateVersionBodySchema.safeParse(body);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const hint =
    issue?.path[0] === 'updateLog'
      ? ' (give it with --notes)'
      : issue?.path[0] === 'iosAssetUrl'
        ? ' (with --ios)'
        : issue?.path[0] === 'androidAssetUrl'
          ? ' (with --android)'
          : '';
  throw new CliError('ValidationFailed', `${firstMessage(parsed.error)}${hint}`);
}

export async function upload(
  context: Context,
  itemId: string,
  numberText: string,
  options: UploadOptions,
): Promise<Outcome> {
  const number = parseVersionNumber(numberText);
  const builds: LocalBuild[] = [];
  for (const platform of PLATFORMS) {
    const filePath = options[platform.flag];
    if (filePath !== undefined) builds.push(await checkBuildFile(platform, filePath));
  }
  if (builds.length === 0) {
    throw new CliError('FileMissing', 'Give at least one build: --ios, --android, --visionos or --macos.');
  }

  const client = context.client();
  const { item, version } = await findItemVersion(client, itemId, number, options.type);
  const edit = checkEdit(version as ReviewedState, options.interruptReview === true);
  if (isRefusal(edit)) {
    const hint = edit.refused === 'ReviewInProgress' ? ' Add --interrupt-review to upload anyway.' : '';
    throw new CliError(edit.refused, `${errorCatalog[edit.refused].message}${hint}`);
  }
  const placeholders = Object.fromEntries(builds.map((build) => [build.platform.field, UPLOAD_PLACEHOLDER]));
  checkUpdate(plannedUpdate(version, placeholders, options));

  const uploaded: Array<{
    platform: string;
    file: string;
    size: number;
    url: string;
    report: LooseReport;
    reportPending: boolean;
  }> = [];
  for (const build of builds) {
    const label = `${build.platform.label} ${build.name}`;
    const progress = createProgress(context.io.stderr, label, build.size, context.json);
    let url: string;
    try {
      url = (await uploadBuild(client, build, (sent) => progress.update(sent))).origin;
    } finally {
      progress.end();
    }
    const { report, pending } = await waitForReport(client, url, {
      timeoutMs: options.reportTimeout * 1000,
      intervalMs: 1000,
    });
    context.say(`${build.platform.label} build ${build.name} → ${url}`);
    for (const line of formatReport(report)) context.say(`  ${line}`);
    if (pending) context.say('  The report is still being produced: check it on the Version page.');
    if (hasErrors(report)) context.say('  This build has errors: the version cannot be submitted until it is fixed.');
    uploaded.push({
      platform: build.platform.key,
      file: build.name,
      size: build.size,
      url,
      report,
      reportPending: pending,
    });
  }

  const urls = Object.fromEntries(
    builds.map((build, index) => [build.platform.field, uploaded[index]?.url ?? UPLOAD_PLACEHOLDER]),
  );
  const body = plannedUpdate(version, urls, options);
  checkUpdate(body);
  const saved = await client.request<VersionView & { productVersion?: number; modelVersion?: number }>(
    'PUT',
    `${basePathOf(item.type)}/Version/${encodeURIComponent(version.id)}`,
    { body },
  );
  const savedVersion: VersionView = { ...saved, number };
  const names = builds.map((build) => build.platform.label).join(' and ');
  return {
    data: { item: itemJson(item), version: versionJson(savedVersion), uploads: uploaded },
    lines: [
      `Saved version ${number} of ${itemTitle(item)} with its new ${names} build${builds.length > 1 ? 's' : ''}.`,
    ],
  };
}

// submit

export interface SubmitOptions {
  wait?: boolean;
  /** Seconds between two looks at the review. */
  interval: number;
  /** Seconds to wait for the review to end. */
  timeout: number;
  manualRelease?: boolean;
  type?: ItemType;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTransient = (error: unknown) =>
  error instanceof CliError &&
  (error.errorCode === 'NetworkError' ||
    error.errorCode === 'RateLimited' ||
    error.errorCode === 'ServiceUnavailable' ||
    Number(error.details.status) >= 500);

/** Looks at the version every interval until its review ends: accepted, rejected, or sent back to preparation. */
async function waitForReview(
  context: Context,
  item: Item,
  submitted: VersionView,
  options: SubmitOptions,
): Promise<Outcome> {
  const client = context.client();
  const deadline = Date.now() + options.timeout * 1000;
  let version = submitted;
  let lastStatus = submitted.reviewStatus;
  context.note(`Waiting for the review of version ${version.number} (${reviewStatusLabel(lastStatus)})…`);
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new CliError(
        'WaitTimedOut',
        `Version ${version.number} is still ${reviewStatusLabel(version.reviewStatus)} after ${options.timeout} s.`,
        EXIT_CODES.timedOut,
        { item: itemJson(item), version: versionJson(version) },
      );
    }
    await sleep(Math.min(options.interval * 1000, remaining));
    let found: VersionView | undefined;
    try {
      found = (await listVersions(client, item)).all.find((v) => v.id === submitted.id);
    } catch (error) {
      if (!isTransient(error)) throw error;
      context.note(`Could not look at the review (${(error as CliError).message}); trying again.`);
      continue;
    }
    if (!found) throw new CliError('VersionNotFound', `Version ${version.number} of ${item.name} no longer exists.`);
    version = found;
    if (version.reviewStatus !== lastStatus) {
      lastStatus = version.reviewStatus;
      context.note(`Version ${version.number}: ${reviewStatusLabel(lastStatus)}`);
    }
    if (version.status === 'TakeDown') {
      throw new CliError('ReviewEnded', `Version ${version.number} was taken down.`, EXIT_CODES.failed, {
        item: itemJson(item),
        version: versionJson(version),
      });
    }
    switch (version.reviewStatus) {
      case 'AcceptedAndReleased': {
        const waiting = version.releasedAt === null;
        return {
          data: { item: itemJson(item), version: versionJson(version) },
          lines: [
            waiting
              ? `Version ${version.number} of ${itemTitle(item)} was accepted: release it on the Partner Portal.`
              : `Version ${version.number} of ${itemTitle(item)} was accepted and released.`,
          ],
        };
      }
      case 'Rejected':
        throw new CliError(
          'VersionRejected',
          `Version ${version.number} of ${itemTitle(item)} was rejected: ${version.unapproveReason ?? 'no reason given'}`,
          EXIT_CODES.failed,
          { reason: version.unapproveReason, item: itemJson(item), version: versionJson(version) },
        );
      case 'PrepareForSubmission':
        throw new CliError(
          'ReviewEnded',
          `The review of version ${version.number} was interrupted: the version was edited and must be submitted again.`,
          EXIT_CODES.failed,
          { item: itemJson(item), version: versionJson(version) },
        );
    }
  }
}

export async function submit(
  context: Context,
  itemId: string,
  numberText: string,
  options: SubmitOptions,
): Promise<Outcome> {
  const number = parseVersionNumber(numberText);
  const body = options.manualRelease ? { releaseOnAcceptance: false } : undefined;
  const parsedBody = submitVersionBodySchema.safeParse(body);
  if (!parsedBody.success) throw new CliError('ValidationFailed', firstMessage(parsedBody.error));
  const client = context.client();
  const { item, version } = await findItemVersion(client, itemId, number, options.type);
  const raw = await client.request<VersionView>(
    'PUT',
    `${basePathOf(item.type)}/Version/Submit/${encodeURIComponent(item.id)}/${encodeURIComponent(version.id)}`,
    body === undefined ? {} : { body },
  );
  const submitted: VersionView = { ...version, ...raw, number };
  if (!options.wait) {
    return {
      data: { item: itemJson(item), version: versionJson(submitted) },
      lines: [`Submitted version ${number} of ${itemTitle(item)}: ${reviewStatusLabel(submitted.reviewStatus)}.`],
    };
  }
  context.say(`Submitted version ${number} of ${itemTitle(item)}.`);
  return waitForReview(context, item, submitted, options);
}

/** Puts an accepted version that waits for its release (submitted with --manual-release) on the marketplace. */
export async function release(
  context: Context,
  itemId: string,
  numberText: string,
  options: { type?: ItemType },
): Promise<Outcome> {
  const number = parseVersionNumber(numberText);
  const client = context.client();
  const { item, version } = await findItemVersion(client, itemId, number, options.type);
  const raw = await client.request<VersionView>(
    'PUT',
    `${basePathOf(item.type)}/Version/Release/${encodeURIComponent(version.id)}`,
    {},
  );
  const released: VersionView = { ...version, ...raw, number };
  return {
    data: { item: itemJson(item), version: versionJson(released) },
    lines: [`Released version ${number} of ${itemTitle(item)}: it is live on the marketplace.`],
  };
}

// status

function statusOf(item: Item, versions: ItemVersions) {
  const live = liveVersionIn(versions);
  return {
    json: {
      ...itemJson(item),
      testing: versions.testing && versionJson(versions.testing),
      release: versions.release && versionJson(versions.release),
      live: live && versionJson(live),
    },
    lines: [
      `${itemTitle(item)} ${item.id}: ${statusLabel(item.status)}`,
      `  testing  ${versions.testing ? versionLine(versions.testing) : '-'}`,
      `  release  ${versions.release ? versionLine(versions.release) : '-'}`,
      `  live     ${live ? versionLine(live) : 'not on the marketplace'}`,
    ],
  };
}

export async function status(
  context: Context,
  itemId: string | undefined,
  options: { type?: ItemType },
): Promise<Outcome> {
  const client = context.client();
  const list = itemId ? [await findItem(client, itemId, options.type)] : await listItems(client);
  const statuses = [];
  for (const item of list) statuses.push(statusOf(item, await listVersions(client, item)));
  return {
    data: { items: statuses.map((s) => s.json) },
    lines: statuses.length
      ? statuses.flatMap((s, index) => (index > 0 ? ['', ...s.lines] : s.lines))
      : ['You have no games or 3D models yet.'],
  };
}
