/** Programs some tests run when the machine has them (Chromium, Deno, Bun); a test without one skips and says why. */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The first of `names` in a folder of PATH. */
export function onPath(names: string[]): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter))
    for (const name of names) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

/** `$CHROMIUM`, else the first chromium on PATH (Debian's package installs /usr/bin/chromium). */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM) return existsSync(process.env.CHROMIUM) ? process.env.CHROMIUM : undefined;
  return onPath(["chromium", "chromium-browser"]);
}

/**
 * Chromium's flags for a test: headless as root, with a fresh profile, and none of its background connections (this
 * machine's closed network refuses them, many at a time), then `extra`.
 */
export function headlessChromium(profile: string, ...extra: string[]): string[] {
  return [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${profile}`,
    ...extra,
  ];
}
