import { useSearchParams } from 'react-router';
import { useModel } from '../api/get-model.ts';
import { Loaded } from '../components/loaded.tsx';
import { ModelForm } from '../components/model-form.tsx';

function EditModel({ id }: { id: string }) {
  const query = useModel(id);
  return (
    <Loaded
      query={query}
      waitForFresh
      placeholder={<div className="card catalog-form page-loading" aria-busy="true" />}
    >
      {(model) => <ModelForm model={model} />}
    </Loaded>
  );
}

/** Submission of 3D Models: a new model, or the one of `?id=` once it has loaded. */
export default function ModelSubmissionPage() {
  const id = useSearchParams()[0].get('id');
  return id ? <EditModel key={id} id={id} /> : <ModelForm />;
}
