// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError, KeyError } from "./errors.js";
const MAX_KEY_FILE_BYTES = 64 * 1024;
function builtins() {
  const process = globalThis.process;
  if (typeof process?.getBuiltinModule !== "function") {
    throw new ConfigError({
      message: "createClient: a key file needs Node.js (>= 20.16), Deno or Bun; here, give privateKey as a PEM string, a JWK or a CryptoKey"
    });
  }
  return {
    fs: process.getBuiltinModule("fs"),
    os: process.getBuiltinModule("os"),
    platform: process.platform ?? ""
  };
}
function expandHome(path, home) {
  if (path === "~")
    return home();
  if (path.startsWith("~/"))
    return `${home().replace(/\/+$/, "")}/${path.slice(2)}`;
  return path;
}
const KEY_FOLDER = { clientId: "clientid.txt", keys: ["priv_key.pem", "priv_key.jwk"] };
function readKeyFileText(file) {
  const { fs, os, platform } = builtins();
  const path = expandHome(file, () => os.homedir());
  const read = readPrivateFile(fs, platform, path, "key file");
  if ("text" in read)
    return { path, text: read.text };
  if ("missing" in read)
    return cannotRead(path, "key file", "ENOENT");
  let dir = path;
  while (dir.length > 1 && dir.endsWith("/"))
    dir = dir.slice(0, -1);
  const inside = (name) => `${dir}/${name}`;
  const layout = `Iris's download: ${KEY_FOLDER.clientId}, and ${KEY_FOLDER.keys.join(" or ")}`;
  const clientIdFile = inside(KEY_FOLDER.clientId);
  const clientId = readPrivateFile(fs, platform, clientIdFile, "client ID file");
  if (!("text" in clientId))
    throw new KeyError({
      message: `The key folder ${dir} has no ${"missing" in clientId ? "" : "readable "}${KEY_FOLDER.clientId} (${layout})`,
      file: clientIdFile
    });
  for (const name of KEY_FOLDER.keys) {
    const keyFile = inside(name);
    const key = readPrivateFile(fs, platform, keyFile, "key file");
    if ("missing" in key)
      continue;
    if (!("text" in key))
      return cannotRead(keyFile, "key file", "not a regular file");
    return {
      path: keyFile,
      text: key.text,
      folder: { path: dir, clientIdFile, clientIdText: clientId.text, format: name.endsWith(".pem") ? "pem" : "jwk" }
    };
  }
  throw new KeyError({
    message: `The key folder ${dir} has neither ${KEY_FOLDER.keys.join(" nor ")} (${layout})`,
    file: dir
  });
}
function cannotRead(path, what, why) {
  throw new KeyError({ message: `Cannot read the ${what} ${path}: ${why}`, file: path });
}
function readPrivateFile(fs, platform, path, what) {
  const fail = (why) => cannotRead(path, what, why);
  const code = (error) => error?.code ?? "unreadable";
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (code(error) === "EISDIR")
      return { folder: true };
    if (code(error) === "ENOENT")
      return { missing: true };
    return fail(code(error));
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory())
      return { folder: true };
    if (!stat.isFile())
      fail("not a regular file");
    if (platform !== "win32" && (stat.mode & 63) !== 0) {
      throw new KeyError({
        message: `The ${what} ${path} is readable by group or others (mode ${(stat.mode & 511).toString(8)}); run \`chmod 600 ${path}\` (or 400)`,
        file: path
      });
    }
    if (stat.size > MAX_KEY_FILE_BYTES)
      fail(`${stat.size} bytes is too large for a ${what} (at most ${MAX_KEY_FILE_BYTES})`);
    const buffer = new Uint8Array(MAX_KEY_FILE_BYTES + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = fs.readSync(fd, buffer, length, buffer.length - length, null)) > 0; )
      length += n;
    if (length > MAX_KEY_FILE_BYTES)
      fail(`larger than ${MAX_KEY_FILE_BYTES} bytes; not a ${what}`);
    return { text: new TextDecoder().decode(buffer.subarray(0, length)) };
  } catch (error) {
    if (error instanceof KeyError)
      throw error;
    return fail(code(error));
  } finally {
    fs.closeSync(fd);
  }
}
export {
  KEY_FOLDER,
  MAX_KEY_FILE_BYTES,
  expandHome,
  readKeyFileText
};
