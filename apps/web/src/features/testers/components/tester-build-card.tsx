import { buildPlatformLabels, type TesterBuild } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BuildReportView, buildReportQuery } from '../../../components/build-report.tsx';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate } from '../../../lib/format.ts';
import { testerBuildsKey } from '../api/get-tester-builds.ts';

const platforms = Object.entries(buildPlatformLabels) as Array<[keyof TesterBuild['files'], string]>;

interface PlatformBuildProps {
  build: TesterBuild;
  platform: string;
  url: string;
}

/** One platform's build: its file, what the file host found in it, and a download under the file's own name. */
function PlatformBuild({ build, platform, url }: PlatformBuildProps) {
  const queryClient = useQueryClient();
  const report = useQuery(buildReportQuery(url));
  const [isDownloading, setDownloading] = useState(false);
  const fileName = report.data?.fileName;
  const download = async () => {
    setDownloading(true);
    try {
      const extension = url.split('.').pop() ?? 'bin';
      await downloadFile(url, fileName ?? `${build.itemName}-v${build.version}-${platform}.${extension}`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Error');
      // the studio may have removed this tester, or submitted the version, since the list was loaded
      void queryClient.invalidateQueries({ queryKey: testerBuildsKey });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="tester-build__platform">
      <div className="tester-build__platform-head">
        <h4>{platform}</h4>
        <Button variant="secondary" onClick={download} isLoading={isDownloading}>
          Download
          <span className="visually-hidden">
            {' '}
            the {platform} build of {build.itemName}
          </span>
        </Button>
      </div>
      {fileName ? <p className="tester-build__file">{fileName}</p> : null}
      <BuildReportView url={url} label={`${platform} build`} />
    </li>
  );
}

/** One item's testing version as a tester sees it: what it is, who shares it, what changed, and its builds. */
export function TesterBuildCard({ build }: { build: TesterBuild }) {
  const titleId = `tester-build-${build.versionId}`;
  const builds = platforms.flatMap(([key, platform]) => {
    const url = build.files[key];
    return url ? [{ platform, url }] : [];
  });
  return (
    <article className="card tester-build" aria-labelledby={titleId}>
      <header className="tester-build__head">
        <img className="tester-build__icon" src={build.itemIconUrl} alt="" width="64" height="64" />
        <div>
          <h3 id={titleId}>{build.itemName}</h3>
          <p className="tester-build__meta">
            Version {build.version} · {build.itemType === 'Product' ? 'AR game' : '3D model'} · Updated{' '}
            {formatDate(build.updatedAt)}
          </p>
          <p className="tester-build__meta">Shared by {build.partnerName}</p>
        </div>
      </header>
      <h4 className="tester-build__subtitle">Update log</h4>
      <p className="tester-build__log">{build.updateLog || 'No update log.'}</p>
      <h4 className="tester-build__subtitle">Builds</h4>
      <ul className="tester-build__platforms">
        {builds.map(({ platform, url }) => (
          <PlatformBuild key={platform} build={build} platform={platform} url={url} />
        ))}
      </ul>
    </article>
  );
}
