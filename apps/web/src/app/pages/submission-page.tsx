import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  GameSubmissionPage as GameSubmission,
  ModelSubmissionPage as ModelSubmission,
} from '../../features/catalog/pages/submission-page.tsx';
import { useCurrentStudio } from '../../features/team/api/list-studios.ts';
import { NotAllowed } from '../../features/team/components/not-allowed.tsx';
import { useMay } from '../../lib/studio-role.ts';

/**
 * The route lets in a role that edits listings (`listing.write`); a new item (no `?id=`) needs `items.write` too, so a
 * listing editor reads why rather than filling in a form the server refuses.
 */
function NewItemNeedsItemsWrite({ children }: { children: ReactNode }) {
  const isNew = !useSearchParams()[0].get('id');
  const { studio } = useCurrentStudio();
  const may = useMay();
  if (isNew && studio && !may('items.write')) return <NotAllowed studio={studio} />;
  return children;
}

export const GameSubmissionPage = () => (
  <NewItemNeedsItemsWrite>
    <GameSubmission />
  </NewItemNeedsItemsWrite>
);

export const ModelSubmissionPage = () => (
  <NewItemNeedsItemsWrite>
    <ModelSubmission />
  </NewItemNeedsItemsWrite>
);
