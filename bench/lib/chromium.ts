import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the networking flags Chromium keeps calling Google services, which the closed network here never answers.
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Flags for a Chromium that we launch ourselves (Lighthouse's chrome-launcher), headless in the new mode. */
export const HEADLESS_CHROMIUM_FLAGS = ['--headless=new', ...QUIET_FLAGS];

export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\``);
  }
}

/** Playwright adds its own headless switch, so it gets the other flags only. */
export function launchBrowser(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: QUIET_FLAGS });
}
