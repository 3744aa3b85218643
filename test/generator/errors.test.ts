/**
 * Generator errors carry stable codes like the runtime's, and `code` narrows to the class. Refused output folders are
 * OutputErrors (no longer OptionErrors), unreadable client folders ManifestErrors.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as errors from "../../generator/errors.js";
import {
  type AnyGeneratorError,
  CheckFailedError,
  DescriptionError,
  GENERATOR_ERRORS,
  ManifestError,
  OptionError,
  OutputError,
  SfapiGenError,
  type SfapiGenErrorCode,
} from "../../generator/errors.js";
import { readManifest } from "../../generator/output/client-folder.js";
import { prepareOutput } from "../../generator/output/write.js";
import { tempDir } from "../support/project.js";

function whatFailed(error: unknown): string {
  if (!SfapiGenError.is(error)) return "a bug";
  switch (error.code) {
    case "ERR_DESCRIPTION":
      return `the description, at ${error.pointer}`;
    case "ERR_OPTION":
      return "an option";
    case "ERR_OUTPUT":
      return "the output folder";
    case "ERR_MANIFEST":
      return "a client folder";
    case "ERR_CHECK_FAILED":
      return "a gate";
    case "ERR_GENERATOR":
      return "something else";
    default: {
      const unreachable: never = error;
      return unreachable;
    }
  }
}

describe("generator errors", () => {
  it.each([
    [new DescriptionError("spec.json", "bad", "/paths"), "ERR_DESCRIPTION", "spec.json: bad (at /paths)"],
    [new OptionError("--levels: x", "cfg.json"), "ERR_OPTION", "cfg.json: --levels: x"],
    [new OutputError("is a file", "out"), "ERR_OUTPUT", "out: is a file"],
    [new ManifestError("invalid JSON", "c/manifest.json"), "ERR_MANIFEST", "c/manifest.json: invalid JSON"],
    [new CheckFailedError("--check: out of date"), "ERR_CHECK_FAILED", "--check: out of date"],
    [new SfapiGenError("the compiled runtime is missing"), "ERR_GENERATOR", "the compiled runtime is missing"],
  ])("%s has code %s", (error, code, message) => {
    expect(error.code).toBe(code);
    expect((error.constructor as typeof SfapiGenError).code).toBe(code);
    expect(error.message).toBe(message);
    expect(SfapiGenError.is(error)).toBe(true);
    // `X.is` is true for its own class only (the base is true for all).
    const kinds: [string, boolean][] = [
      ["DescriptionError", DescriptionError.is(error)],
      ["OptionError", OptionError.is(error)],
      ["OutputError", OutputError.is(error)],
      ["ManifestError", ManifestError.is(error)],
      ["CheckFailedError", CheckFailedError.is(error)],
    ];
    expect(kinds.filter(([, is]) => is).map(([name]) => name)).toEqual(code === "ERR_GENERATOR" ? [] : [error.name]);
  });

  it("code narrows to the class", () => {
    expectTypeOf<AnyGeneratorError["code"]>().toEqualTypeOf<SfapiGenErrorCode>();
    expect(whatFailed(new DescriptionError("s", "d", "/info"))).toBe("the description, at /info");
    expect(whatFailed(new OutputError("x"))).toBe("the output folder");
    expect(whatFailed(new TypeError("x"))).toBe("a bug");
    const e: unknown = new OptionError("x");
    if (OptionError.is(e)) expectTypeOf(e).toEqualTypeOf<OptionError>();
  });

  it("a refused output folder is an OutputError, an unreadable client folder a ManifestError", async () => {
    const dir = tempDir("errors-");
    const file = join(dir, "a-file");
    writeFileSync(file, "x");
    await expect(prepareOutput(file, { cwd: dir })).rejects.toThrow(OutputError);
    await expect(prepareOutput(file, { cwd: dir })).rejects.toMatchObject({ code: "ERR_OUTPUT" });
    const foreign = join(dir, "foreign");
    mkdirSync(foreign);
    writeFileSync(join(foreign, "notes.txt"), "mine");
    await expect(prepareOutput(foreign, { cwd: dir })).rejects.toMatchObject({ code: "ERR_OUTPUT" });
    mkdirSync(join(dir, "client"));
    writeFileSync(join(dir, "client", "manifest.json"), "{");
    expect(() => readManifest("client", dir)).toThrow(ManifestError);
    expect(() => readManifest("empty", dir)).toThrow(/no manifest.json here/);
  });

  // One record, GENERATOR_ERRORS, and the code union and AnyGeneratorError computed from it: a row per class.
  const rows = Object.entries(GENERATOR_ERRORS).map(([key, cls]) => ({ key, cls }));
  it.each(rows)("$key: one class, named as listed, with its own code, set on every instance", ({ key, cls }) => {
    expect(cls.name).toBe(key);
    expect(cls.prototype).toBeInstanceOf(SfapiGenError);
    expect(cls.code).toMatch(/^ERR_[A-Z_]+$/);
    expect([SfapiGenError, ...rows.map((row) => row.cls)].filter((c) => c.code === cls.code)).toEqual([cls]);
    const error = new (cls as typeof OptionError)("x");
    expect(error.code).toBe(cls.code);
    expect(error.name).toBe(key);
  });

  it("every error class the module exports is in the record, and the union stays literal", () => {
    const classes = Object.entries(errors)
      .filter(([, v]) => typeof v === "function" && v.prototype instanceof SfapiGenError)
      .map(([name]) => name);
    expect(classes.sort()).toEqual(rows.map((row) => row.key).sort());
    expectTypeOf<SfapiGenErrorCode>().toEqualTypeOf<
      "ERR_GENERATOR" | "ERR_DESCRIPTION" | "ERR_OPTION" | "ERR_OUTPUT" | "ERR_MANIFEST" | "ERR_CHECK_FAILED"
    >();
  });
});
