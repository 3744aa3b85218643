/**
 * `sfapi-gen token [--key-file F]`: a fresh access token on stdout, for scripts and curl
 * (`curl -H "Authorization: $(npx sfapi-gen token)" ...`). The key file is read as createClient reads it (mode 600 or
 * 400, the official client's formats, `sfapi-gen mock`'s, Iris's download folder); without `--key-file`,
 * `~/.superfacility/` itself when it holds Iris's download (`clientid.txt` beside `priv_key.pem` or `priv_key.jwk`, as
 * NERSC's training keeps it), else the one file in it, as the official Python client finds it. Nothing but the token
 * is printed; errors never show the key or a token.
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { OptionError } from "../errors.js";
import { Command } from "./commander.js";
import type { CliIo } from "./io.js";
import { retryLines, verbose } from "./io.js";

/**
 * `~/.superfacility/` when it is Iris's download (its `clientid.txt` decides: the key files beside it are read as a
 * key folder), else the one key file in it, as the official client picks it without a name.
 */
function defaultKeyFile(clientIdFile: string): string {
  // HOME as the process sees it now (os.homedir() reads the environment the process started with in a worker thread).
  const dir = join(process.env.HOME || homedir(), ".superfacility");
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => !name.startsWith("."));
  } catch {
    throw new OptionError(`no key file: give --key-file, or put your key (or Iris's download) in ${dir}/`);
  }
  if (names.includes(clientIdFile)) return dir;
  if (names.length !== 1)
    throw new OptionError(
      `${dir}/ holds ${names.length} files and no ${clientIdFile}; give --key-file to say which key ` +
        "(the official client's rule: exactly one), or keep Iris's download there",
    );
  return join(dir, names[0]!);
}

export function tokenCommand(io: CliIo): Command {
  return new Command("token")
    .description('print a fresh access token (for scripts: curl -H "Authorization: $(sfapi-gen token)")')
    .option(
      "--key-file <file>",
      "the API client's key file, or Iris's download folder (default: ~/.superfacility/ as Iris's folder, " +
        "else the one file in it)",
    )
    .option("--token-url <url>", "the token endpoint (default: the key file's, else NERSC's)")
    .option("--verbose", "a line on stderr for each retry of the token request (also with SFAPI_DEBUG set)")
    .action(async (flags: { keyFile?: string; tokenUrl?: string; verbose?: boolean }) => {
      // Loaded on use: the runtime's token source brings jose (about 50 modules) that no other command needs.
      const [{ readKeyFileText, KEY_FOLDER }, { accessTokens }, { keyTokens }] = await Promise.all([
        import("../../templates/runtime/key-file.js"),
        import("../../templates/runtime/options.js"),
        import("../../templates/runtime/key-tokens.js"),
      ]);
      const given = flags.keyFile;
      const keyFile =
        given === undefined
          ? defaultKeyFile(KEY_FOLDER.clientId)
          : given.startsWith("~")
            ? given
            : resolve(io.cwd, given);
      let token: string;
      try {
        const tokens = accessTokens(
          {
            keyFile,
            ...(flags.tokenUrl === undefined ? {} : { tokenUrl: flags.tokenUrl }),
            logger: warnTo(io),
            ...(io.clock === undefined ? {} : { clock: io.clock }),
            // Verbose: each request (method, path, status, time) and each retry on our stderr; else nothing, not
            // even for SFAPI_DEBUG's console lines (the streams a program gives `main` are where output goes).
            ...(verbose(io, flags.verbose)
              ? { onRetry: retryLines(io), debug: (line: string) => void io.stderr.write(`${line}\n`) }
              : { debug: false }),
          },
          { ladder: ["any"], readKeyFile: readKeyFileText, keyTokens },
        );
        token = await tokens.token();
      } catch (error) {
        // The runtime's messages name what and where, never a key, an assertion or a token.
        if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_"))
          throw new OptionError(`token: ${error.message}`);
        throw error;
      }
      io.stdout.write(`${token}\n`);
    });
}

function warnTo(io: CliIo) {
  return { warn: (message: string) => void io.stderr.write(`${message}\n`) };
}
