// The code the gate watches: it downloads a file (yellow) and reads a status (public), so it needs a yellow client.
// A call that needs more here (`perlmutter.upload(...)`, orange; `perlmutter.run(...)`, red) makes
// `sfapi-gen needs src --fail-above yellow` fail the gate.
import { createClient } from "./sfapi/index.js";

const keyFile = process.argv[2] ?? "~/.superfacility/yellow.json";
const yellow = createClient({ color: "yellow", keyFile });
const perlmutter = yellow.compute("perlmutter");
const text = await perlmutter.download(process.env["SFAPI_FILE"] ?? "/global/homes/m/mockuser/notes.txt");
const status = await yellow.readStatus({ path: { name: "perlmutter" } });
console.log(JSON.stringify({ characters: text.length, status: status.status }));
