import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileOf, maskKey, resolveSettings, saveConfig } from './config.ts';

describe('CLI settings', () => {
  it('finds the config in LUMORA_CONFIG_DIR, else XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configFileOf({ LUMORA_CONFIG_DIR: '/ci/lumora', XDG_CONFIG_HOME: '/x' })).toBe('/ci/lumora/config.json');
    expect(configFileOf({ XDG_CONFIG_HOME: '/x' })).toBe('/x/lumora/config.json');
    expect(configFileOf({})).toBe(path.join(os.homedir(), '.config', 'lumora', 'config.json'));
  });

  it('lets the environment override the saved server and key, and a --server flag override both', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumora-config-'));
    await saveConfig(path.join(dir, 'config.json'), { server: 'https://saved.example', key: 'lmk_saved' });
    expect(await resolveSettings({ LUMORA_CONFIG_DIR: dir })).toMatchObject({
      server: 'https://saved.example',
      key: 'lmk_saved',
      keySource: 'config',
    });
    const env = { LUMORA_CONFIG_DIR: dir, LUMORA_SERVER: 'https://env.example/', LUMORA_API_KEY: 'lmk_env' };
    expect(await resolveSettings(env)).toMatchObject({ server: 'https://env.example', key: 'lmk_env' });
    expect(await resolveSettings(env, 'http://flag.example:8080')).toMatchObject({
      server: 'http://flag.example:8080',
    });
    expect(await resolveSettings({ LUMORA_CONFIG_DIR: path.join(dir, 'none') })).toMatchObject({
      server: 'http://localhost:8080',
      key: undefined,
    });
  });

  it('refuses a server that is not an http URL', async () => {
    await expect(resolveSettings({ LUMORA_CONFIG_DIR: '/nowhere' }, 'ftp://files')).rejects.toThrow(/http or https/);
  });

  it('shows at most the first 12 characters of a key', () => {
    const key = `lmk_${'a'.repeat(43)}`;
    expect(maskKey(key)).toBe(`${key.slice(0, 12)}…`);
    expect(maskKey('short')).toBe('sh…');
  });
});
