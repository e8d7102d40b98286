import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CliError } from './errors.ts';

export const DEFAULT_SERVER = 'http://localhost:8080';

/** What `lumora login` saves. */
const savedConfigSchema = z.object({
  server: z.string().optional(),
  key: z.string().optional(),
});
export type SavedConfig = z.infer<typeof savedConfigSchema>;

/** Where the key comes from, for messages: never the key itself. */
export type KeySource = 'LUMORA_API_KEY' | 'config' | 'none';

export interface Settings {
  server: string;
  /** The file host: the server itself unless the deployment splits them (`LUMORA_FILE_SERVER`). */
  fileServer: string;
  key: string | undefined;
  keySource: KeySource;
  configFile: string;
}

type Env = Record<string, string | undefined>;

/** `$LUMORA_CONFIG_DIR/config.json`, else `$XDG_CONFIG_HOME/lumora/config.json`, else `~/.config/lumora/config.json`. */
export function configFileOf(env: Env): string {
  if (env.LUMORA_CONFIG_DIR) return path.join(env.LUMORA_CONFIG_DIR, 'config.json');
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'lumora', 'config.json');
}

export async function readSavedConfig(file: string): Promise<SavedConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError('FileUnreadable', `Could not read ${file}: ${(error as Error).message}`);
  }
  try {
    return savedConfigSchema.parse(JSON.parse(text));
  } catch {
    throw new CliError('FileUnreadable', `${file} is not a lumora configuration: run lumora login again.`);
  }
}

/** Saves the configuration readable by its owner only: it holds a secret. */
export async function saveConfig(file: string, config: SavedConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // the mode of writeFile applies only to a new file, and a umask may have narrowed it
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

export function normalizeServer(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError('ValidationFailed', `The server must be a URL such as ${DEFAULT_SERVER}, not "${url}".`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CliError('ValidationFailed', `The server must be an http or https URL, not "${url}".`);
  }
  return parsed.toString().replace(/\/+$/, '');
}

/** The server and key to use: a `--server` flag, then the environment (what CI sets), then the saved file. */
export async function resolveSettings(env: Env, serverFlag?: string): Promise<Settings> {
  const configFile = configFileOf(env);
  const saved = await readSavedConfig(configFile);
  const server = normalizeServer(serverFlag || env.LUMORA_SERVER || saved.server || DEFAULT_SERVER);
  const fileServer = env.LUMORA_FILE_SERVER ? normalizeServer(env.LUMORA_FILE_SERVER) : server;
  if (env.LUMORA_API_KEY)
    return { server, fileServer, key: env.LUMORA_API_KEY, keySource: 'LUMORA_API_KEY', configFile };
  if (saved.key) return { server, fileServer, key: saved.key, keySource: 'config', configFile };
  return { server, fileServer, key: undefined, keySource: 'none', configFile };
}

/** At most the first 12 characters of a key (its `lmk_` prefix and a few more), so a log never holds the secret. */
export function maskKey(key: string): string {
  return `${key.slice(0, Math.min(12, Math.floor(key.length / 2)))}…`;
}
