// The code the gate watches: it lists a folder (yellow) and reads a status (public), so it needs a yellow client.
// A call that needs red here (`perlmutter.run(...)`) makes `sfapi-gen needs src --fail-above yellow` fail the gate.
import { createClient } from "./sfapi/index.js";

const keyFile = process.argv[2] ?? "~/.superfacility/yellow.json";
const yellow = createClient({ color: "yellow", keyFile });
const perlmutter = yellow.compute("perlmutter");
const entries = await perlmutter.ls(process.env["SFAPI_FOLDER"] ?? "/global/homes/m/mockuser");
const status = await yellow.readStatus({ path: { name: "perlmutter" } });
console.log(JSON.stringify({ entries: entries.length, status: status.status }));
