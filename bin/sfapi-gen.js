#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm ci` / `npm install` (the `prepare` script).
import { existsSync } from "node:fs";

const cli = new URL("../dist/generator/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("sfapi-gen: dist/ is missing; run `npm ci` (or `npm run build`) in the sfapi-gen folder first\n");
  process.exit(1);
}
await import(cli.href);
