import type { RecentProduct } from '@portal/contracts';
import { itemTypeLabels } from '@portal/contracts/item-types';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { StoreLinks } from '../../../components/store-links.tsx';
import { formatPrice } from '../../../lib/format.ts';

/** A released project's public details, and where to get it: the Lumora app. */
function ProjectDialog({ project, onClose }: { project: RecentProduct | undefined; onClose: () => void }) {
  return (
    <Dialog isOpen={project !== undefined} title={project?.name ?? ''} onClose={onClose} className="project-dialog">
      {project ? (
        <div className="dialog__body">
          <img className="project-dialog__cover" src={project.coverThumbnail.url} alt="" width="560" height="315" />
          <div className="project-dialog__head">
            <img className="project-dialog__icon" src={project.icon.url} alt="" width="64" height="64" />
            <dl className="project-dialog__facts">
              <div>
                <dt>Type</dt>
                <dd>{itemTypeLabels[project.type]}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatPrice(project.price)}</dd>
              </div>
            </dl>
          </div>
          {project.introduce ? <p className="project-dialog__introduce">{project.introduce}</p> : null}
          <p className="project-dialog__get">Play it and find it in the Lumora app:</p>
          <StoreLinks />
        </div>
      ) : null}
    </Dialog>
  );
}

/** Released games and 3D models as cards; each opens its public details. */
export function ProjectGallery({ items }: { items: RecentProduct[] }) {
  const [open, setOpen] = useState<RecentProduct>();
  return (
    <>
      <ul className="gallery">
        {items.map((item) => (
          <li key={item.id} className="gallery__item">
            <button type="button" className="gallery__card" aria-haspopup="dialog" onClick={() => setOpen(item)}>
              <img src={item.thumbnail.url} alt="" width="240" height="240" loading="lazy" />
              <span>{item.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <ProjectDialog project={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
