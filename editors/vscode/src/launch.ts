// How the extension starts `datasets lsp`: pure decisions, so they are unit-tested.
//
// Order (the first that works wins):
//   1. the `datasets.path` setting: a `datasets` executable;
//   2. the `datasets.interpreter` setting: a Python that can import the server;
//   3. `datasets` on PATH (what `pip install` or `pipx install` put there);
//   4. the Python extension's interpreter;
//   5. `uvx`, which runs the released package without installing it.
// An executable counts only when `--version` says it is ours; when a Python sits beside it
// (a virtual environment, pipx's), that Python must also import the server's modules, so a
// `datasets` installed without the `lsp` extra is passed over rather than started to fail.
// None: the extension shows one notification with INSTALL_COMMAND.

// Double quotes: the same text works in cmd.exe, PowerShell and POSIX shells.
export const INSTALL_COMMAND = 'pip install "ait-datasets[lsp]"';
export const UVX_ARGS = ["--from", "ait-datasets[lsp]", "datasets"];
export const VERSION_ARGS = ["--version"];
const MODULE_ARGS = ["-m", "ait_datasets"];
// Exit 0 only when the interpreter has everything the server needs.
export const PROBE_ARGS = [
  "-c",
  "import importlib.util as u, sys; " +
    "sys.exit(0 if all(u.find_spec(m) for m in ('ait_datasets', 'pygls', 'lsprotocol')) else 3)",
];

export type ImportStrategy = "fromEnvironment" | "uvx";

export type Source = "path-setting" | "interpreter-setting" | "path" | "python-extension" | "uvx";

export interface Command {
  command: string;
  // Arguments that run `datasets` (append "lsp", or "report", ...).
  args: string[];
  // Where it came from, for the output channel.
  source: Source;
}

export interface LaunchInputs {
  configuredPath: string;
  configuredInterpreter: string;
  importStrategy: ImportStrategy;
  pythonExtensionInterpreter: () => Promise<string | undefined>;
  // The full path of a program on PATH (or in pipx's bin folder), else undefined.
  which: (program: string) => Promise<string | undefined>;
  // The Python beside an executable (its virtual environment's), else undefined.
  interpreterBeside: (executable: string) => Promise<string | undefined>;
  // Exit code 0 (and, for `--version`, the output) of running the program.
  run: (program: string, args: string[]) => Promise<{ ok: boolean; stdout: string }>;
}

async function isServerInterpreter(inputs: LaunchInputs, python: string): Promise<boolean> {
  return (await inputs.run(python, PROBE_ARGS)).ok;
}

async function isServerExecutable(inputs: LaunchInputs, executable: string): Promise<boolean> {
  const version = await inputs.run(executable, VERSION_ARGS);
  if (!version.ok || !version.stdout.trim().startsWith("datasets ")) {
    return false;
  }
  const python = await inputs.interpreterBeside(executable);
  return python === undefined || (await isServerInterpreter(inputs, python));
}

/** The `datasets` command to run, or undefined when none can be found. */
export async function datasetsCommand(inputs: LaunchInputs): Promise<Command | undefined> {
  if (inputs.importStrategy !== "uvx") {
    const configuredPath = inputs.configuredPath.trim();
    if (configuredPath && (await isServerExecutable(inputs, configuredPath))) {
      return { command: configuredPath, args: [], source: "path-setting" };
    }
    const configured = inputs.configuredInterpreter.trim();
    if (configured && (await isServerInterpreter(inputs, configured))) {
      return { command: configured, args: [...MODULE_ARGS], source: "interpreter-setting" };
    }
    const onPath = await inputs.which("datasets");
    if (onPath && (await isServerExecutable(inputs, onPath))) {
      return { command: onPath, args: [], source: "path" };
    }
    const fromExtension = await inputs.pythonExtensionInterpreter();
    if (fromExtension && (await isServerInterpreter(inputs, fromExtension))) {
      return { command: fromExtension, args: [...MODULE_ARGS], source: "python-extension" };
    }
  }
  const uvx = await inputs.which("uvx");
  if (uvx) {
    return { command: uvx, args: [...UVX_ARGS], source: "uvx" };
  }
  return undefined;
}

/** The server command: `datasets lsp`. */
export function serverArgs(command: Command): string[] {
  return [...command.args, "lsp"];
}

/** What to tell the user when no command was found (one notification). */
export function installMessage(configuredPath: string, configuredInterpreter: string): string {
  const tried: string[] = [];
  if (configuredPath.trim()) {
    tried.push(`${configuredPath.trim()} (datasets.path) is not a working \`datasets\` with the lsp extra`);
  }
  if (configuredInterpreter.trim()) {
    tried.push(`${configuredInterpreter.trim()} (datasets.interpreter) cannot import ait_datasets and pygls`);
  }
  const where = tried.length
    ? tried.join("; ")
    : "The language server was not found (no `datasets` on PATH, no Python with ait-datasets, no uvx)";
  return (
    `${where}. Install it with: ${INSTALL_COMMAND} ` +
    "then run \"Datasets: Restart the language server\", or set datasets.path to the `datasets` executable."
  );
}

/** Files the server handles: datasets and suites of a test app's `.resources` folder. */
export const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "yaml", pattern: "**/.resources/**/*.{yaml,yml}" },
  { scheme: "file", pattern: "**/.resources/**/*.{jsonl,json,xml}" },
];

/** Settings sent to the server (initialization options and workspace/configuration). */
export function serverSettings(get: (key: string) => unknown): Record<string, unknown> {
  const text = (key: string): string => {
    const value = get(key);
    return typeof value === "string" ? value : "";
  };
  const messageOnly = get("audit.messageOnly");
  return {
    workDate: text("workDate"),
    configFile: text("configFile"),
    audit: { messageOnly: typeof messageOnly === "boolean" ? messageOnly : true },
  };
}

// What `datasets.audit` answers (see docs/commands/audit.md).
export interface AuditResult {
  text: string;
  scorecards: unknown[];
  errors: string[];
}

// The argument of `datasets.audit`: the active document when it is a file (its app is
// audited), else none (the workspace folders are).
export function auditArguments(active: { scheme: string; toString(): string } | undefined): string[] {
  return active && active.scheme === "file" ? [active.toString()] : [];
}
