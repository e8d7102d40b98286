import { VPS_PATH } from '@portal/contracts/pages';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StageStatePill } from '../../../components/status-pill.tsx';
import { useStage } from '../api/get-stage.ts';
import { StageForm } from '../components/stage-form.tsx';
import { isMissingStage, StageLoadFailed, StageLoading, StageNotFound } from '../components/stage-not-found.tsx';
import '../stages.css';

function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="stage-page__head">
      <Link className="back-link" to={VPS_PATH}>
        ← Your stages
      </Link>
      <div className="stage-page__title-row">
        <h1 className="stage-page__title">{title}</h1>
        {children}
      </div>
      <p className="stage-page__intro">
        Set where the stage is, the VPS anchor it hangs on, and what it places around that anchor. Publishing it shows
        it in the Lumora app for one month.
      </p>
    </div>
  );
}

function EditStage({ id }: { id: string }) {
  const stage = useStage(id);
  if (stage.isPending) return <StageLoading label="Loading the stage…" />;
  if (stage.isError) {
    return isMissingStage(stage.error) ? <StageNotFound /> : <StageLoadFailed onRetry={() => void stage.refetch()} />;
  }
  return (
    <>
      <PageHead title={`Edit stage — ${stage.data.name}`}>
        <StageStatePill state={stage.data.state} className="stage-page__state" />
      </PageHead>
      <StageForm key={id} stage={stage.data} carousels={stage.data.verticalCarousels} />
    </>
  );
}

/**
 * Config VPS Placement (/config-vps-placement): a new stage, or with `?id=` the stage to edit. A full page without
 * the banner: the map and the placement grid need the width.
 */
export default function ConfigVpsPlacementPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <div className="container stage-page">
      {id ? (
        <EditStage id={id} />
      ) : (
        <>
          <PageHead title="New stage" />
          <StageForm carousels={[]} />
        </>
      )}
    </div>
  );
}
