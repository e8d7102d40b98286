import {
  type CatalogItemType,
  catalogMessages,
  type Model,
  MY_PROJECTS_PATH,
  type Product,
  submissionPath,
  testStagingPath,
} from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ProjectStatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useItem } from '../api/get-item.ts';
import { DeleteItemDialog } from './delete-item-dialog.tsx';
import { Loaded } from './loaded.tsx';

export interface CatalogItemDetailProps {
  type: CatalogItemType;
  id: string;
  /** What the page shows under the item once it is loaded (its versions). */
  children?: ReactNode;
  /** The actions the member's role may take (all by default): each one it may not is not offered. */
  actions?: ItemActions;
}

/** What the top of Detail offers, by the member's role. */
export interface ItemActions {
  /** The staging console (a game's). */
  testStaging: boolean;
  /** Edit Project Info: the store listing. */
  edit: boolean;
  /** Deleting the item. */
  remove: boolean;
}

const EVERY_ACTION: ItemActions = { testStaging: true, edit: true, remove: true };

/** The top of Detail: the item's information and its actions (test, edit, delete). */
export function CatalogItemDetail({ type, id, children, actions = EVERY_ACTION }: CatalogItemDetailProps) {
  return type === 'game' ? (
    <GameDetail id={id} actions={actions}>
      {children}
    </GameDetail>
  ) : (
    <ModelDetail id={id} actions={actions}>
      {children}
    </ModelDetail>
  );
}

const placeholder = <div className="card item-summary item-summary--loading" aria-busy="true" />;

function GameDetail({ id, children, actions }: { id: string; children?: ReactNode; actions: ItemActions }) {
  const product = useItem('game', id);
  const deleteProduct = useDeleteItem('game');
  return (
    <Loaded query={product} placeholder={placeholder}>
      {(item: Product) => (
        <>
          <ItemSummary
            type="game"
            item={item}
            categoryName="AR Game"
            extraFacts={[
              ['Number of Tokens', String(item.tokensToPlay)],
              [
                'Players',
                item.minNumberOfPlayers === item.maxNumberOfPlayers
                  ? String(item.minNumberOfPlayers)
                  : `${item.minNumberOfPlayers} to ${item.maxNumberOfPlayers}`,
              ],
            ]}
            introduce={item.introduce}
            actions={actions}
            deleteLabel="Delete Project"
            onDelete={() => deleteProduct.mutateAsync(item.id)}
            isDeleting={deleteProduct.isPending}
          />
          {children}
        </>
      )}
    </Loaded>
  );
}

function ModelDetail({ id, children, actions }: { id: string; children?: ReactNode; actions: ItemActions }) {
  const model = useItem('model', id);
  const deleteModel = useDeleteItem('model');
  return (
    <Loaded query={model} placeholder={placeholder}>
      {(item: Model) => (
        <>
          <ItemSummary
            type="model"
            item={item}
            categoryName={item.category.categoryName}
            actions={actions}
            deleteLabel="Delete 3D Model"
            onDelete={() => deleteModel.mutateAsync(item.id)}
            isDeleting={deleteModel.isPending}
          />
          {children}
        </>
      )}
    </Loaded>
  );
}

interface ItemSummaryProps {
  type: CatalogItemType;
  item: Product | Model;
  categoryName: string;
  introduce?: string;
  extraFacts?: Array<[label: string, value: string]>;
  actions: ItemActions;
  deleteLabel: string;
  onDelete: () => Promise<unknown>;
  isDeleting: boolean;
}

function ItemSummary({
  type,
  item,
  categoryName,
  introduce,
  extraFacts = [],
  actions,
  deleteLabel,
  onDelete,
  isDeleting,
}: ItemSummaryProps) {
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);

  const confirmDelete = async () => {
    try {
      await onDelete();
    } catch {
      // the query client has reported it; the dialog stays open to try again or cancel
      return;
    }
    setConfirming(false);
    toast.success(catalogMessages.deleted);
    navigate(MY_PROJECTS_PATH);
  };

  return (
    <article className="card item-summary" aria-labelledby="item-name">
      <header className="item-summary__head">
        <img className="item-summary__icon" src={item.icon.url} alt="" width="96" height="96" />
        <div className="item-summary__title">
          <h2 id="item-name">{item.name}</h2>
          <p className="item-summary__id">
            ID: <code>{item.id}</code>
          </p>
          <ProjectStatusPill status={item.status} />
        </div>
        <img
          className="item-summary__cover"
          src={item.coverThumbnail.url}
          alt={`Cover of ${item.name}`}
          width="320"
          height="180"
        />
      </header>
      <dl className="facts">
        <div className="facts__item">
          <dt>Price</dt>
          <dd>{formatPrice(item.price)}</dd>
        </div>
        <div className="facts__item">
          <dt>Category</dt>
          <dd>{categoryName}</dd>
        </div>
        {extraFacts.map(([label, value]) => (
          <div key={label} className="facts__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="facts__item facts__item--wide">
          <dt>Tags</dt>
          <dd>
            {item.tags.length > 0 ? (
              <ul className="tag-list" aria-label="Tags">
                {item.tags.map((tag) => (
                  <li key={tag.name} className="tag">
                    {tag.name}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="facts__none">No tags</span>
            )}
          </dd>
        </div>
        {introduce !== undefined ? (
          <div className="facts__item facts__item--wide">
            <dt>Introduce</dt>
            <dd className="pre-line">{introduce || <span className="facts__none">Not written yet</span>}</dd>
          </div>
        ) : null}
        <div className="facts__item facts__item--wide">
          <dt>Description</dt>
          <dd className="pre-line">{item.description || <span className="facts__none">Not written yet</span>}</dd>
        </div>
      </dl>
      <div className="button-row item-summary__actions">
        {type === 'game' && actions.testStaging ? (
          <Link className="btn btn--secondary btn--md" to={testStagingPath(item.id)}>
            Test Staging File
          </Link>
        ) : null}
        {actions.edit ? (
          <Link className="btn btn--secondary btn--md" to={submissionPath(type, item.id)}>
            Edit Project Info
          </Link>
        ) : null}
        {/* only opens the dialog, whose Delete is the throttled action */}
        {actions.remove ? (
          <Button variant="danger" onClick={() => setConfirming(true)} isThrottled={false}>
            {deleteLabel}
          </Button>
        ) : null}
      </div>
      <DeleteItemDialog
        isOpen={isConfirming}
        title={deleteLabel}
        itemName={item.name}
        isDeleting={isDeleting}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </article>
  );
}
