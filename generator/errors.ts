/**
 * Errors the CLI turns into one readable line and a non-zero exit.
 * `where` names the source (file, URL) and, for description problems, the JSON pointer.
 */
export class SfapiGenError extends Error {
  override name = "SfapiGenError";
  constructor(
    message: string,
    readonly where?: string,
  ) {
    super(where ? `${where}: ${message}` : message);
  }
}

/** A description that cannot be read, parsed, bundled or validated. */
export class DescriptionError extends SfapiGenError {
  override name = "DescriptionError";
  constructor(
    readonly source: string,
    readonly detail: string,
    readonly pointer?: string,
  ) {
    super(pointer ? `${detail} (at ${pointer})` : detail, source);
  }
}

/**
 * The command ran and found what it was asked to fail on (`diff --fail-on`, `audit --strict`, `generate --check`):
 * exit status 1, where a failure to run is 2, as diff(1), grep and ESLint do.
 */
export class FindingsError extends SfapiGenError {
  override name = "FindingsError";
}

/** Options that contradict each other or the description (e.g. two scope fields, --strict offenders). */
export class OptionError extends SfapiGenError {
  override name = "OptionError";
}
