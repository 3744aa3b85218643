#!/usr/bin/env node
// The `sfapi-gen` command: runs the compiled CLI (dist/, built by `npm run build`, which `npm ci` and `npm pack` run).
import { existsSync } from "node:fs";

const cli = new URL("../dist/generator/cli/main.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("sfapi-gen: dist/ is missing; run `npm run build` in the sfapi-gen folder first\n");
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
