import { useSearchParams } from 'react-router';
import { useProduct } from '../api/get-product.ts';
import { GameForm } from '../components/game-form.tsx';
import { Loaded } from '../components/loaded.tsx';

function EditGame({ id }: { id: string }) {
  const query = useProduct(id);
  return (
    <Loaded
      query={query}
      waitForFresh
      placeholder={<div className="card catalog-form page-loading" aria-busy="true" />}
    >
      {(product) => <GameForm product={product} />}
    </Loaded>
  );
}

/** Game Submission: a new AR game, or the one of `?id=` once it has loaded. */
export default function GameSubmissionPage() {
  const id = useSearchParams()[0].get('id');
  return id ? <EditGame key={id} id={id} /> : <GameForm />;
}
