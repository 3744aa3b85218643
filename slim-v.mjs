import { transform, build } from "esbuild";
import { readdirSync, readFileSync, writeFileSync, cpSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
const variant = JSON.parse(process.argv[2]);
rmSync("gen-v", { recursive: true, force: true });
cpSync("/tmp/slim-old/generated", "gen-v", { recursive: true });
for (const f of readdirSync("gen-v/runtime").filter((f) => f.endsWith(".js"))) {
  const p = "gen-v/runtime/" + f;
  const { code } = await transform(readFileSync(p, "utf8"), { loader: "js", format: "esm", target: "esnext", ...variant });
  writeFileSync(p, code);
}
for (const e of ["index", "core", "page"]) {
  const src = e === "page" ? `import { createClient } from "./gen-v/page.js";\nconst client = createClient({ color: "green", accessToken: async () => "t", baseUrl: "https://api.example.test/api/v1.2" });\nconsole.log(await client.readTasks());\n`
  : `import { createClient } from "./gen-v/${e}.js";\nconst client = createClient({ color: "green", clientId: "id", privateKey: globalThis.PEM, baseUrl: "https://api.example.test/api/v1.2" });\nconsole.log(await client.readTasks());\n`;
  const r = await build({ stdin: { contents: src, resolveDir: process.cwd(), loader: "js" }, bundle: true, platform: "browser", format: "esm", target: "es2022", minify: true, write: false, logLevel: "silent" });
  console.log(e, r.outputFiles[0].contents.length);
}
console.log(readFileSync("gen-v/runtime/errors.js","utf8").includes("__PURE__"));
