import {
  type CatalogItemType,
  itemDetailPath,
  type Model,
  MY_PROJECTS_PAGE_SIZE,
  type Product,
  submissionPath,
} from '@portal/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination.tsx';
import { ProjectStatusPill } from '../../../components/status-pill.tsx';
import { useItems } from '../api/list-items.ts';

const copy = {
  game: {
    title: 'AR Game',
    empty: 'No AR games yet',
    emptyText: 'Create your first AR game, then add a version with its builds.',
    create: 'Create an AR game',
  },
  model: {
    title: '3D Model',
    empty: 'No 3D models yet',
    emptyText: 'Add a 3D model to sell it on the Lumora marketplace.',
    create: 'Create a 3D model',
  },
} as const;

/**
 * The partner's AR games or 3D models, 8 per page; an empty list offers to create one when `canCreate` (the role in
 * the studio may create items).
 */
export function ItemList({ type, canCreate = true }: { type: CatalogItemType; canCreate?: boolean }) {
  const [page, setPage] = useState(1);
  const query = useItems(type, page);
  return <ProjectList type={type} page={page} onPageChange={setPage} canCreate={canCreate} {...query} />;
}

interface ProjectListProps {
  type: CatalogItemType;
  page: number;
  onPageChange: (page: number) => void;
  data: { data: Array<Product | Model>; totalCount: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  canCreate: boolean;
}

function ProjectList({
  type,
  page,
  onPageChange,
  data,
  isPending,
  isError,
  isPlaceholderData,
  canCreate,
}: ProjectListProps) {
  const text = copy[type];
  const headingId = `project-list-${type}`;
  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / MY_PROJECTS_PAGE_SIZE)) : 1;

  // the last item of the last page was deleted elsewhere: show the page that now exists
  useEffect(() => {
    if (data && !isPlaceholderData && page > lastPage) onPageChange(lastPage);
  }, [data, isPlaceholderData, page, lastPage, onPageChange]);

  return (
    <section className="project-list" aria-labelledby={headingId}>
      <div className="project-list__header">
        <h2 id={headingId}>{text.title}</h2>
        {data && data.totalCount > 0 ? <span className="project-list__count">{data.totalCount}</span> : null}
      </div>
      {isPending ? (
        <ul className="project-grid" aria-busy="true" aria-label={`Loading ${text.title} list`}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={index} className="project-card project-card--skeleton" aria-hidden="true">
              <span className="skeleton project-card__thumb" />
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </li>
          ))}
        </ul>
      ) : isError && !data ? (
        <div className="empty">
          <p>This list could not be loaded. Please reload the page.</p>
        </div>
      ) : !data || data.data.length === 0 ? (
        <div className="empty">
          <h3 className="empty__title">{text.empty}</h3>
          {canCreate ? (
            <>
              <p>{text.emptyText}</p>
              <Link className="btn btn--primary btn--md" to={submissionPath(type)}>
                {text.create}
              </Link>
            </>
          ) : null}
        </div>
      ) : (
        <ul className="project-grid" aria-busy={isPlaceholderData || undefined}>
          {data.data.map((item) => (
            <ProjectCard key={item.id} item={item} type={type} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageSize={MY_PROJECTS_PAGE_SIZE}
        total={data?.totalCount ?? 0}
        onChange={onPageChange}
        label={`${text.title} pages`}
      />
    </section>
  );
}

function ProjectCard({ item, type }: { item: Product | Model; type: CatalogItemType }) {
  const thumbnail = item.smallThumbnail.url || item.thumbnail.url;
  return (
    <li className="project-card">
      {thumbnail ? (
        <img className="project-card__thumb" src={thumbnail} alt="" width="240" height="240" loading="lazy" />
      ) : (
        <span className="project-card__thumb" />
      )}
      <h3 className="project-card__name">{item.name}</h3>
      <ProjectStatusPill status={item.status} className="project-card__status" />
      <Link
        className="btn btn--secondary btn--md"
        to={itemDetailPath({ ...item, type })}
        aria-label={`Details of ${item.name}`}
      >
        Details
      </Link>
    </li>
  );
}
