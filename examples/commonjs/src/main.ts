// A CommonJS project: tsc emits require("./sfapi/index.js") for the client, a folder of ES modules with its own
// package.json ("type": "module"); Node 20.19 or later, 22.12 or later load it that way. No top-level await here.
// `node dist/main.js <green key file>`: one of the facility's, or mock-clients/green.json from `sfapi-gen mock`.
import { createClient, ScopeError } from "./sfapi/index.js";

async function main(): Promise<void> {
  const keyFile = process.argv[2] ?? "~/.superfacility/green.json";
  const green = createClient({ color: "green", keyFile });
  const status = await green.readStatus({ path: { name: "perlmutter" } });
  const tasks = await green.readTasks();

  // A color known only at run time: every call type-checks, and the guard refuses before anything is sent.
  const color: string = process.env["SFAPI_COLOR"] ?? "green";
  const other = createClient({ color, keyFile });
  const refused = await other
    .compute("perlmutter")
    .run("id")
    .then(
      () => "sent",
      (error: unknown) => (ScopeError.is(error) ? `refused: needs ${error.required}` : String(error)),
    );
  console.log(
    JSON.stringify({ commonjs: typeof require === "function", status: status.name, tasks: typeof tasks, refused }),
  );
}

main().catch((error: unknown) => {
  console.error(String(error));
  process.exitCode = 1;
});
