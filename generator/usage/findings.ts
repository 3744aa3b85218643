/**
 * What the type analysis (usage/follow.ts) keeps while it walks a code base: the uses it found, the unknown ones that
 * stand even where the syntax read an operation, the `createClient(...)` calls (usage/client-sites.ts); and, for the
 * file being walked, where a node is and how a use found there is recorded. The rules that find uses
 * (usage/member-reads.ts, usage/escapes.ts, usage/boundaries.ts) record them here and keep no state of their own.
 */
import { relative, sep } from "node:path";
import type * as TS from "typescript";
import { type Capabilities, capabilities } from "./capabilities.js";
import { ClientSites, type WalkedFile } from "./client-sites.js";
import { shorten } from "./syntax.js";
import type { FoundUse, Where } from "./uses.js";

/** Everything found in the code base so far. */
export class Findings {
  readonly uses: FoundUse[] = [];
  /** Unknown uses that stand even where the syntax read an operation: the call may send something else. */
  readonly overriding: Set<FoundUse> = new Set<FoundUse>();
  readonly checker: TS.TypeChecker;
  readonly caps: Capabilities;
  readonly clients: ClientSites;

  constructor(
    readonly program: TS.Program,
    /** Operation names of the client's table: members of these names are its named calls. */
    readonly names: ReadonlySet<string>,
    private readonly cwd: string,
  ) {
    this.checker = program.getTypeChecker();
    this.caps = capabilities(this.checker);
    this.clients = new ClientSites(this.checker, this.caps);
  }

  /** A file's name as a report shows it: relative to the working directory, with "/" separators. */
  show(file: string): string {
    return relative(this.cwd, file).split(sep).join("/") || ".";
  }
}

/** One file's walk: where its nodes are, and the uses found in it, each attributed to its client when plain. */
export class FileWalk implements WalkedFile {
  readonly name: string;
  readonly program: TS.Program;
  readonly checker: TS.TypeChecker;
  readonly caps: Capabilities;
  readonly names: ReadonlySet<string>;

  constructor(
    private readonly findings: Findings,
    readonly file: TS.SourceFile,
  ) {
    this.name = findings.show(file.fileName);
    ({ program: this.program, checker: this.checker, caps: this.caps, names: this.names } = findings);
  }

  /** A file's name as a report shows it. */
  show(file: string): string {
    return this.findings.show(file);
  }

  /** The place of `at`, with `node`'s code. */
  where(node: TS.Node, at: TS.Node): Where {
    const { line, character } = this.file.getLineAndCharacterOfPosition(at.getStart(this.file));
    return { file: this.name, line: line + 1, column: character + 1, code: shorten(node, this.file) };
  }

  /** Records a use, attributed to the createClient call `receiver` plainly comes from. */
  add(use: FoundUse, receiver: TS.Node | undefined): void {
    const client = receiver === undefined ? undefined : this.findings.clients.rootClient(receiver, this);
    this.findings.uses.push(client === undefined ? use : { ...use, client: client.id });
  }

  /** Records a use that needs the top level, and why. */
  unknown(node: TS.Node, at: TS.Node, reason: string, receiver?: TS.Node): void {
    this.add(
      { kind: "unknown", reason: `could not tell which operation: ${reason}`, ...this.where(node, at) },
      receiver,
    );
  }

  /** The use just recorded stands even where the syntax read an operation: the call may send something else. */
  overrides(): void {
    this.findings.overriding.add(this.findings.uses[this.findings.uses.length - 1]!);
  }

  /** Records a createClient call, so that a client nothing is read from still has its report. */
  clientSite(call: TS.CallExpression): void {
    this.findings.clients.siteOf(call, this);
  }

  /** The `createClient` of a generated client (usage/client-sites.ts). */
  isCreateClient(call: TS.CallExpression): boolean {
    return this.findings.clients.isCreateClient(call);
  }
}
