// The browser the end-to-end tests and `measure:bundle` drive: Debian's Chromium at /usr/bin/chromium
// (or CHROMIUM_PATH), with a system font for Thai. The portal brings its own Thai face (Sarabun), but
// whatever is not drawn in it (a monospace field, the first paint, the browser's own text) falls back
// to the system's fonts, and without a Thai one Thai shows as boxes.
//
// When either is missing and this process may install Debian packages (root, apt-get present), it
// runs `apt-get update` once and installs them, as CI did before; otherwise it says the exact command
// and answers null.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const APT_GET = '/usr/bin/apt-get';

const has = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' });

/** True or false when fontconfig can tell whether a Thai font is installed; null when it cannot. */
function thaiFontInstalled() {
  const r = has('fc-list', [':lang=th', 'family']);
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim() !== '';
}

/**
 * The Chromium to launch, installed first when it may be, or null (after saying what to run) when
 * it is missing and cannot be installed here. `log` takes progress lines (stderr by default).
 */
export function ensureChromium({ log = (line) => console.error(line) } = {}) {
  const chromium = process.env.CHROMIUM_PATH ?? DEFAULT_PATH;
  const packages = [];
  if (!fs.existsSync(chromium)) {
    if (process.env.CHROMIUM_PATH) {
      log(`CHROMIUM_PATH is ${chromium}, which does not exist. Point it at a Chromium or Chrome binary.`);
      return null;
    }
    packages.push('chromium');
  }
  // A Chromium of one's own choosing (CHROMIUM_PATH) comes with its own fonts: not checked.
  if (chromium === DEFAULT_PATH && thaiFontInstalled() === false) packages.push('fonts-thai-tlwg');
  if (packages.length === 0) return chromium;

  const mayInstall = process.getuid?.() === 0 && fs.existsSync(APT_GET);
  if (!mayInstall) {
    log(
      `The end-to-end tests need Debian's ${packages.join(' and ')}. Install ${packages.length > 1 ? 'them' : 'it'} with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
    return null;
  }
  log(`Installing Debian's ${packages.join(' and ')} for the end-to-end tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    spawnSync(APT_GET, args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...packages])) {
    log(`apt-get could not install ${packages.join(' ')}: see its message above.`);
    return null;
  }
  if (fs.existsSync(chromium)) return chromium;
  log(`apt-get installed ${packages.join(' ')}, but there is still no Chromium at ${chromium}.`);
  return null;
}
