// `npm run build`'s second step: the page bundled for the browser (dist/public/dashboard.js), and the client copied
// beside the compiled service (dist/sfapi), which imports it.
//
// The page gets its tokens from the service, so the client's own token request (the client assertion signed with a
// key) is dead code in it. Bundlers keep it all the same (createClient could be given a key at run time), so this
// build swaps the two modules that hold it for one that throws: the page carries no signing code, and a page given a
// key by mistake fails at once instead of sending a key's assertion.
import { cpSync } from "node:fs";
import { build, type Plugin } from "esbuild";

const withoutSigning: Plugin = {
  name: "sfapi-without-signing",
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/(token|keys)\.js$/ }, (args) =>
      /[/\\]sfapi[/\\]runtime$/.test(args.resolveDir) ? { path: args.path, namespace: "sfapi-without-signing" } : null,
    );
    plugin.onLoad({ filter: /.*/, namespace: "sfapi-without-signing" }, () => ({
      contents: `const refuse = () => { throw new Error("this page has no key: give createClient an accessToken"); };
export const createTokenSource = refuse;
export const loadPrivateKey = refuse;`,
      loader: "js",
    }));
  },
};

await build({
  entryPoints: ["src/page.ts"],
  outfile: "dist/public/dashboard.js",
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  plugins: [withoutSigning],
  logLevel: "warning",
});
cpSync("src/sfapi", "dist/sfapi", { recursive: true });
