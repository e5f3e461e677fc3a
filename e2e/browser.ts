import { accessSync, constants, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { root } from './apiServer';

/** Where a Chromium installed with the operating system usually is (Debian's `chromium` package). */
const MACHINE_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const isProgram = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).size > 0;
  } catch {
    return false;
  }
};

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else the machine's own Chromium
 * when it has one (unless `E2E_NPM_CHROMIUM=1`), else the build npm installed with
 * @sparticuz/chromium, unpacked once into the temporary directory. Called once per run (the
 * e2e global setup), so two test files never unpack it at the same time.
 */
export async function findChromium(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (process.env.E2E_NPM_CHROMIUM !== '1') {
    const onMachine = MACHINE_CHROMIUMS.find(isProgram);
    if (onMachine) return onMachine;
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/** The font packages the project already depends on: Roboto for Latin text, Amiri for Arabic. */
const FONT_DIRS = ['@expo-google-fonts/roboto', '@expo-google-fonts/amiri'].map((name) => path.join(root, 'node_modules', name));

/**
 * A fontconfig file that shows the browser only the project's fonts, every generic family (the
 * console asks for system-ui, sans-serif, monospace) mapped to them. Screenshots and measured line
 * boxes then come out the same whatever fonts the machine has installed. Chromium reads it from
 * FONTCONFIG_FILE.
 */
export function projectFontConfig(): string {
  const dir = path.join(root, 'test-results/fontconfig');
  mkdirSync(dir, { recursive: true });
  const families = ['sans-serif', 'serif', 'monospace', 'system-ui', 'cursive', 'fantasy'];
  const prefer = '<prefer><family>Roboto</family><family>Amiri</family></prefer>';
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(
    file,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      ...FONT_DIRS.map((d) => `  <dir>${d}</dir>`),
      `  <cachedir>${path.join(dir, 'cache')}</cachedir>`,
      ...families.map((family) => `  <alias binding="same"><family>${family}</family>${prefer}</alias>`),
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  return file;
}

/**
 * That Chromium, headless, with no network chatter of its own, seeing only the project's fonts
 * (`fontConfigFile`, from projectFontConfig). The browser tests and the first-load benchmark use it.
 */
export function launchChromium(executablePath: string, fontConfigFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    env: { ...process.env, FONTCONFIG_FILE: fontConfigFile },
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}
