// The benches' Chromium: Debian's /usr/bin/chromium (or CHROMIUM_PATH) with the flags e2e/browser.ts uses; without
// them, Chromium keeps reaching for Google's hosts, which this network refuses.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
