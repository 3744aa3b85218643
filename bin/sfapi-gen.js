#!/usr/bin/env node
// The `sfapi-gen` command: runs the compiled CLI (dist/). The published package ships dist/ (built by `prepack`) and
// carries no install script, so npm has nothing to warn about; in a fresh checkout of the repository (sources, no
// dist/ yet) the first run builds it, so that `npm ci && npx sfapi-gen generate` works there too.
import module from "node:module";
import { fileURLToPath } from "node:url";

// node:fs without its ESM wrapper, which reads every export and so loads the streams machinery (a few ms of every
// command); Node before 20.16 has no getBuiltinModule.
const require = module.createRequire(import.meta.url);
const { existsSync, readFileSync } = process.getBuiltinModule?.("node:fs") ?? require("node:fs");

// The CLI bundled by the build (bin/build.mjs): our modules in a few files, so a command starts fast.
const cli = new URL("../dist/cli/main.js", import.meta.url);
const args = process.argv.slice(2);
// `sfapi-gen --help` into a pipe or a file: the text the build captured from the CLI itself (dist/help.txt, at
// commander's width for output that is not a terminal), without loading the CLI. A terminal gets it from commander,
// at its own width.
const help = args.length === 1 && (args[0] === "--help" || args[0] === "-h") && !process.stdout.isTTY && savedHelp();
if (help) process.stdout.write(help);
else {
  if (!existsSync(cli)) {
    const checkout = existsSync(new URL("../tsconfig.build.json", import.meta.url));
    if (!checkout) {
      process.stderr.write("sfapi-gen: dist/ is missing from this installation; reinstall sfapi-gen\n");
      process.exit(2);
    }
    process.stderr.write("sfapi-gen: building dist/ (first run in this checkout)\n");
    require("node:child_process").execFileSync(
      process.execPath,
      [fileURLToPath(new URL("build.mjs", import.meta.url))],
      { stdio: "inherit" },
    );
  }
  // Node's on-disk cache of compiled modules (Node 22.1 on; Node 20 has none): TypeScript's compiler and redocly,
  // which generate, needs and diff load, compile from it after the first run instead of from source each time.
  // Node's own rules apply (NODE_COMPILE_CACHE picks the folder, NODE_DISABLE_COMPILE_CACHE turns it off).
  if (typeof module.enableCompileCache === "function") module.enableCompileCache();
  const { main } = await import(cli.href);
  process.exitCode = await main(args);
}

function savedHelp() {
  try {
    return readFileSync(new URL("../dist/help.txt", import.meta.url), "utf8");
  } catch {
    return undefined; // not built yet: commander prints it
  }
}
