import type { CatalogItemType } from '@portal/contracts';

export const MY_PROJECTS_PATH = '/developers/my-project';
export const GAME_FORM_PATH = `${MY_PROJECTS_PATH}/submission`;
export const MODEL_FORM_PATH = `${MY_PROJECTS_PATH}/3D-model-submission`;

/** Detail, named by its `name` query (the banner title), found by `id`, in the list of `type`. */
export const detailPath = (item: { id: string; name: string }, type: CatalogItemType) =>
  `${MY_PROJECTS_PATH}/detail?${new URLSearchParams({ name: item.name, id: item.id, type })}`;

/** The create form, or the edit form of `id`. */
export const formPath = (type: CatalogItemType, id?: string) => {
  const path = type === 'game' ? GAME_FORM_PATH : MODEL_FORM_PATH;
  return id ? `${path}?${new URLSearchParams({ id })}` : path;
};

export const testStagingPath = (productId: string) =>
  `${MY_PROJECTS_PATH}/test-staging?${new URLSearchParams({ prodId: productId })}`;
