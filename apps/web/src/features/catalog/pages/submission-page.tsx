import type { CatalogItemType } from '@portal/contracts';
import { useSearchParams } from 'react-router';
import { useItem } from '../api/get-item.ts';
import type { CatalogItemOf } from '../api/item-types.ts';
import { GameForm } from '../components/game-form.tsx';
import { Loaded } from '../components/loaded.tsx';
import { ModelForm } from '../components/model-form.tsx';

/** The form of a type: a new item, or `item` to edit. */
function ItemForm<T extends CatalogItemType>({ type, item }: { type: T; item?: CatalogItemOf<T> }) {
  return type === 'game' ? (
    <GameForm product={item as CatalogItemOf<'game'> | undefined} />
  ) : (
    <ModelForm model={item as CatalogItemOf<'model'> | undefined} />
  );
}

function EditItem<T extends CatalogItemType>({ type, id }: { type: T; id: string }) {
  const query = useItem(type, id);
  return (
    <Loaded
      query={query}
      waitForFresh
      placeholder={<div className="card catalog-form page-loading" aria-busy="true" />}
    >
      {(item) => <ItemForm type={type} item={item} />}
    </Loaded>
  );
}

/** Submission (AR games) and Submission of 3D Models: a new item, or the one of `?id=` once it has loaded. */
function SubmissionPage({ type }: { type: CatalogItemType }) {
  const id = useSearchParams()[0].get('id');
  return id ? <EditItem key={id} type={type} id={id} /> : <ItemForm type={type} />;
}

export const GameSubmissionPage = () => <SubmissionPage type="game" />;
export const ModelSubmissionPage = () => <SubmissionPage type="model" />;
