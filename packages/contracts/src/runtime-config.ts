/**
 * The hosts the portal's pages talk to, which the server writes into every page it serves (never baked into the
 * build), so that one build serves any deployment.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  fileBaseUrl: string;
  gameApiBaseUrl: string;
  staticBaseUrl: string;
  /** The placement map's tiles (`…/{z}/{x}/{y}.png`); '' draws a grid instead. */
  mapTileUrl: string;
}
