/**
 * Errors the CLI turns into one readable line and a non-zero exit. Like the runtime's errors, each has a stable `code`
 * (branch on it, not on messages), `SfapiGenError.is(e)` narrows to `AnyGeneratorError` so `switch (e.code)` narrows
 * to the class, and `OptionError.is(e)` checks one kind. `where` names the source (file, URL, folder) and, for
 * description problems, the JSON pointer.
 */

export type SfapiGenErrorCode =
  | "ERR_GENERATOR"
  | "ERR_DESCRIPTION"
  | "ERR_OPTION"
  | "ERR_OUTPUT"
  | "ERR_MANIFEST"
  | "ERR_CHECK_FAILED";

export class SfapiGenError extends Error {
  /** The code of errors with no more specific class (a missing build, a folder without code to scan). */
  static readonly code: SfapiGenErrorCode = "ERR_GENERATOR";
  override readonly name: string = "SfapiGenError";
  /** Stable across versions: the class's own code. */
  readonly code: SfapiGenErrorCode = (this.constructor as unknown as { code: SfapiGenErrorCode }).code;

  constructor(
    message: string,
    readonly where?: string,
  ) {
    super(where ? `${where}: ${message}` : message);
  }

  /** `SfapiGenError.is(e)`: any generator error, as the union; `OptionError.is(e)`: that class (same `code`). */
  static is<T extends SfapiGenError>(
    this: { prototype: T; readonly code: SfapiGenErrorCode },
    value: unknown,
  ): value is SfapiGenError extends T ? AnyGeneratorError : T {
    if (!(value instanceof SfapiGenError)) return false;
    return this === (SfapiGenError as unknown) || value.code === this.code;
  }
}

/** A description that cannot be read, parsed, bundled or validated. */
export class DescriptionError extends SfapiGenError {
  static override readonly code = "ERR_DESCRIPTION";
  override readonly name = "DescriptionError";
  constructor(
    readonly source: string,
    readonly detail: string,
    readonly pointer?: string,
  ) {
    super(pointer ? `${detail} (at ${pointer})` : detail, source);
  }
}

/** Options that contradict each other or the description (e.g. two scope fields, --strict offenders). */
export class OptionError extends SfapiGenError {
  static override readonly code = "ERR_OPTION";
  override readonly name = "OptionError";
}

/** An output folder that is not ours to replace (a file, a link, a foreign folder, home, root), or a failed write. */
export class OutputError extends SfapiGenError {
  static override readonly code = "ERR_OUTPUT";
  override readonly name = "OutputError";
}

/** A generated client folder whose `manifest.json` is missing, unreadable or not one sfapi-gen wrote. */
export class ManifestError extends SfapiGenError {
  static override readonly code = "ERR_MANIFEST";
  override readonly name = "ManifestError";
}

/**
 * A gate asked to fail did: `generate --check` found the output out of date, `diff --fail-on` found changes, `audit
 * --strict` found unranked operations. The CLI exits 1 for it, where a failure to run is 2 (as diff(1), grep, ESLint).
 */
export class CheckFailedError extends SfapiGenError {
  static override readonly code = "ERR_CHECK_FAILED";
  override readonly name = "CheckFailedError";
}

/** Every generator error, discriminated by `code`. */
export type AnyGeneratorError =
  | Coded<typeof SfapiGenError, "ERR_GENERATOR">
  | Coded<typeof DescriptionError, typeof DescriptionError.code>
  | Coded<typeof OptionError, typeof OptionError.code>
  | Coded<typeof OutputError, typeof OutputError.code>
  | Coded<typeof ManifestError, typeof ManifestError.code>
  | Coded<typeof CheckFailedError, typeof CheckFailedError.code>;

type Coded<C extends { prototype: SfapiGenError }, Code extends SfapiGenErrorCode> = C["prototype"] & {
  readonly code: Code;
};
