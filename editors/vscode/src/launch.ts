// How the extension starts `datasets lsp`: pure decisions, so they are unit-tested.
//
// Order: the configured interpreter, else the Python extension's interpreter (each only
// when it can import ait_datasets and pygls), else `uvx` when uv is on PATH, else nothing
// (the extension then shows the install command).

export const INSTALL_COMMAND = "pip install 'ait-datasets[lsp]'";
export const UVX_ARGS = ["--from", "ait-datasets[lsp]", "datasets"];
const MODULE_ARGS = ["-m", "ait_datasets"];
// Exit 0 only when the interpreter has everything the server needs.
export const PROBE_ARGS = [
  "-c",
  "import importlib.util as u, sys; " +
    "sys.exit(0 if all(u.find_spec(m) for m in ('ait_datasets', 'pygls', 'lsprotocol')) else 3)",
];

export type ImportStrategy = "fromEnvironment" | "uvx";

export interface Command {
  command: string;
  // Arguments that run `datasets` (append "lsp", or "report", ...).
  args: string[];
  // Where it came from, for the output channel.
  source: "setting" | "python-extension" | "uvx";
}

export interface LaunchInputs {
  configuredInterpreter: string;
  importStrategy: ImportStrategy;
  pythonExtensionInterpreter: () => Promise<string | undefined>;
  onPath: (program: string) => Promise<boolean>;
  probe: (interpreter: string, args: string[]) => Promise<boolean>;
}

/** The `datasets` command to run, or undefined when none can be found. */
export async function datasetsCommand(inputs: LaunchInputs): Promise<Command | undefined> {
  if (inputs.importStrategy !== "uvx") {
    const configured = inputs.configuredInterpreter.trim();
    if (configured && (await inputs.probe(configured, PROBE_ARGS))) {
      return { command: configured, args: [...MODULE_ARGS], source: "setting" };
    }
    const fromExtension = await inputs.pythonExtensionInterpreter();
    if (fromExtension && (await inputs.probe(fromExtension, PROBE_ARGS))) {
      return { command: fromExtension, args: [...MODULE_ARGS], source: "python-extension" };
    }
  }
  if (await inputs.onPath("uvx")) {
    return { command: "uvx", args: [...UVX_ARGS], source: "uvx" };
  }
  return undefined;
}

/** The server command: `datasets lsp`. */
export function serverArgs(command: Command): string[] {
  return [...command.args, "lsp"];
}

/** What to tell the user when no command was found. */
export function installMessage(configuredInterpreter: string): string {
  const where = configuredInterpreter.trim()
    ? `The interpreter ${configuredInterpreter.trim()} (datasets.interpreter) cannot import ait_datasets and pygls`
    : "No Python interpreter with ait-datasets was found and uv is not on PATH";
  return `${where}. Install the language server with: ${INSTALL_COMMAND} (or install uv to run it with uvx).`;
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
  return { workDate: text("workDate"), configFile: text("configFile") };
}
