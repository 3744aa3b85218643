// The part of `generate` no change of ours can remove (issue 47): load TypeScript and openapi-typescript from the
// packages bundle, run openapi-typescript's transform on a description and print its schema.d.ts, through the very
// function generate calls (emitSchema of generator/emit/schema.ts, as built into dist), with the compile cache on as
// bin/sfapi-gen.js turns it on.
// Nothing else of generate runs: no validation, model, other emitters or writes. Usage: node schema-floor.mjs <file>
import { readFileSync } from "node:fs";
import module from "node:module";

module.enableCompileCache?.();
const { emitSchema } = await import(new URL("../../dist/generator/emit/schema.js", import.meta.url).href);
const schema = await emitSchema(JSON.parse(readFileSync(process.argv[2], "utf8")));
// A printed schema, or the measurement timed nothing.
if (!schema.includes("export interface paths")) throw new Error("schema-floor: no schema.d.ts text was printed");
