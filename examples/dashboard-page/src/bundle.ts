// `npm run build`'s second step: the page bundled for the browser (dist/public/dashboard.js), and the client copied
// beside the compiled service (dist/sfapi), which imports it.
//
// The page imports the client from page.js, which has no key support: the client's own token request (the client
// assertion, key parsing) is not in the bundle, and a page given a key by mistake fails at once (a ConfigError).
import { cpSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["src/page.ts"],
  outfile: "dist/public/dashboard.js",
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  logLevel: "warning",
});
cpSync("src/sfapi", "dist/sfapi", { recursive: true });
