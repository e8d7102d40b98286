import type { RuntimeConfig } from '@portal/contracts';

export type { RuntimeConfig };

export type HostKey = 'api' | 'files' | 'gameApi' | 'static';

const fallback: RuntimeConfig = {
  apiBaseUrl: '',
  fileBaseUrl: '',
  gameApiBaseUrl: '',
  staticBaseUrl: '',
  mapTileUrl: '',
};

function readInlineConfig(): RuntimeConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('runtime-config');
  if (!element?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(element.textContent) as Partial<RuntimeConfig>) };
  } catch {
    return fallback;
  }
}

export const runtimeConfig: RuntimeConfig = readInlineConfig();

export function hostUrl(host: HostKey, path: string): string {
  const base = {
    api: runtimeConfig.apiBaseUrl,
    files: runtimeConfig.fileBaseUrl,
    gameApi: runtimeConfig.gameApiBaseUrl,
    static: runtimeConfig.staticBaseUrl,
  }[host];
  return `${base.replace(/\/$/, '')}${path}`;
}
