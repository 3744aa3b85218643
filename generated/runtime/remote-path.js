// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError } from "./errors.js";
const OPEN_MODES = {
  r: { write: false, binary: false },
  rb: { write: false, binary: true },
  w: { write: true, binary: false },
  wb: { write: true, binary: true }
};
function pathParts(path) {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const cut = trimmed.lastIndexOf("/");
  const name = cut === -1 ? trimmed : trimmed.slice(cut + 1);
  const parent = cut === -1 ? "." : cut === 0 ? "/" : trimmed.slice(0, cut);
  const dot = name.lastIndexOf(".");
  const hasSuffix = dot > 0 && dot < name.length - 1;
  return { name, stem: hasSuffix ? name.slice(0, dot) : name, suffix: hasSuffix ? name.slice(dot) : "", parent };
}
function remotePath(machine, path, ops, record) {
  const parts = pathParts(path);
  const target = { ...record, machine, path, name: parts.name };
  const perms = typeof record?.perms === "string" ? record.perms : void 0;
  const isDirectory = () => perms?.startsWith("d") === true;
  Object.defineProperties(target, {
    stem: { value: parts.stem, enumerable: true },
    suffix: { value: parts.suffix, enumerable: true },
    parent: { get: () => remotePath(machine, parts.parent, ops), enumerable: false },
    parents: {
      get: () => {
        const out = [];
        let at = parts.parent;
        for (; ; ) {
          out.push(remotePath(machine, at, ops));
          const next = pathParts(at).parent;
          if (next === at || at === ".")
            break;
          at = next;
        }
        return out;
      },
      enumerable: false
    }
  });
  if (record !== void 0) {
    target.isDirectory = isDirectory;
    target.isFile = () => perms?.startsWith("-") === true;
    target.isSymlink = () => perms?.startsWith("l") === true;
  }
  if (ops.ls) {
    const ls = ops.ls;
    target.ls = (options) => ls(path, options);
  }
  if (ops.download) {
    const download = ops.download;
    target.download = (options) => download(path, options);
  }
  if (ops.upload) {
    const upload = ops.upload;
    target.upload = async (data, options = {}) => {
      const { name, ...rest } = options;
      if (isDirectory() && (name === void 0 || name === "" || name.includes("/")))
        throw new ConfigError({
          message: `${path} on ${machine} is a directory: upload(data, { name }) names the file in it`
        });
      const to = name === void 0 ? path : `${path.replace(/\/+$/, "")}/${name}`;
      return upload(to, data, rest);
    };
  }
  if (ops.download || ops.upload) {
    target.open = async (mode, options = {}) => {
      const how = typeof mode === "string" && Object.hasOwn(OPEN_MODES, mode) ? OPEN_MODES[mode] : void 0;
      if (how === void 0) {
        const shown = typeof mode === "string" ? JSON.stringify(mode.slice(0, 16)) : typeof mode;
        throw new ConfigError({
          message: `open(mode) of ${path} on ${machine}: mode "r", "rb", "w" or "wb", not ${shown}`
        });
      }
      const helper = how.write ? "upload" : "download";
      ops.check?.(helper);
      const call = how.write ? ops.upload : ops.download;
      if (call === void 0)
        throw new ConfigError({
          message: `open(${JSON.stringify(mode)}) needs the API's ${helper} operation, which it lacks`
        });
      if (isDirectory())
        throw new ConfigError({
          message: `${path} on ${machine} is a directory: open(${JSON.stringify(mode)}) opens a file`
        });
      options.signal?.throwIfAborted();
      if (how.write)
        return fileWriter(path, mode, (data, closing) => ops.upload(path, data, closing));
      return fileReader(path, mode, await ops.download(path, { ...options, binary: how.binary }));
    };
  }
  return target;
}
function fileReader(path, mode, content) {
  let at = 0;
  let closed = false;
  return {
    path,
    mode,
    get closed() {
      return closed;
    },
    read(size) {
      if (closed)
        throw new ConfigError({ message: `read() of ${path}: the file is closed` });
      const end = size === void 0 || size < 0 ? content.length : Math.min(content.length, at + size);
      const out = content.slice(at, end);
      at = Math.max(at, end);
      return out;
    },
    close() {
      closed = true;
    }
  };
}
function fileWriter(path, mode, upload) {
  const chunks = [];
  let uploaded;
  return {
    path,
    mode,
    get closed() {
      return uploaded !== void 0;
    },
    write(data) {
      if (uploaded !== void 0)
        throw new ConfigError({ message: `write() to ${path}: the file is closed` });
      const ok = mode === "w" ? typeof data === "string" : data instanceof Uint8Array;
      if (!ok)
        throw new ConfigError({
          message: `write() to ${path} (mode ${mode}) takes ${mode === "w" ? "a string" : "a Uint8Array"}`
        });
      chunks.push(typeof data === "string" ? data : data.slice());
      return data.length;
    },
    close(options = {}) {
      uploaded ??= upload(new Blob(chunks), options);
      return uploaded;
    }
  };
}
export {
  pathParts,
  remotePath
};
