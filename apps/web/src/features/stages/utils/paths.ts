export const CONFIG_PLACEMENT_PATH = '/config-vps-placement';
export const PLACEMENT_SUMMARY_PATH = '/vps-placement';

/** The stage form: a new stage, or the stage `id`. */
export const configPlacementPath = (id?: string) =>
  id ? `${CONFIG_PLACEMENT_PATH}?${new URLSearchParams({ id })}` : CONFIG_PLACEMENT_PATH;

/** One stage's placement summary. */
export const placementSummaryPath = (id: string) => `${PLACEMENT_SUMMARY_PATH}?${new URLSearchParams({ id })}`;
