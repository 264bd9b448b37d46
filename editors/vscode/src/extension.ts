// The VS Code client of `datasets lsp`: start the server, pass the settings, add commands.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";
import {
  AuditResult,
  auditArguments,
  Command,
  DOCUMENT_SELECTOR,
  ImportStrategy,
  datasetsCommand,
  installMessage,
  INSTALL_COMMAND,
  serverArgs,
  serverSettings,
} from "./launch";
import { YAML_EXTENSION, registerWith, schemaContributor } from "./yamlSchemas";

let client: LanguageClient | undefined;
let command: Command | undefined;

function run(program: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(program, args, { timeout: 60000, windowsHide: true }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

// Where pipx puts its programs when its folder is not on the editor's PATH (an editor
// started from the desktop does not always get the login shell's PATH).
function pipxBinDir(): string {
  return process.env.PIPX_BIN_DIR || path.join(os.homedir(), ".local", "bin");
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

async function which(program: string): Promise<string | undefined> {
  const dirs = [...(process.env.PATH || "").split(path.delimiter).filter(Boolean), pipxBinDir()];
  // Only .exe on Windows: pip's and pipx's launchers are .exe, and Node cannot start a
  // .cmd or .bat without a shell.
  const name = process.platform === "win32" ? `${program}.exe` : program;
  return dirs.map((dir) => path.join(dir, name)).find(isFile);
}

async function interpreterBeside(executable: string): Promise<string | undefined> {
  let real = executable;
  try {
    real = fs.realpathSync(executable);
  } catch {
    return undefined;
  }
  const names = process.platform === "win32" ? ["python.exe"] : ["python", "python3"];
  return names.map((name) => path.join(path.dirname(real), name)).find(isFile);
}

async function pythonExtensionInterpreter(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension("ms-python.python");
  if (!extension) {
    return undefined;
  }
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    const active = api?.environments?.getActiveEnvironmentPath?.();
    if (!active) {
      return undefined;
    }
    const resolved = await api.environments.resolveEnvironment?.(active);
    return resolved?.executable?.uri?.fsPath ?? active.path;
  } catch {
    return undefined;
  }
}

function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration("datasets");
}

async function notFound(): Promise<void> {
  const config = settings();
  const openSetting = "Open the setting";
  const copy = "Copy the install command";
  const message = installMessage(config.get<string>("path", ""), config.get<string>("interpreter", ""));
  const picked = await vscode.window.showErrorMessage(message, openSetting, copy);
  if (picked === openSetting) {
    await vscode.commands.executeCommand("workbench.action.openSettings", "datasets.path");
  } else if (picked === copy) {
    await vscode.env.clipboard.writeText(INSTALL_COMMAND);
  }
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const config = settings();
  command = await datasetsCommand({
    configuredPath: config.get<string>("path", ""),
    configuredInterpreter: config.get<string>("interpreter", ""),
    importStrategy: config.get<ImportStrategy>("importStrategy", "fromEnvironment"),
    pythonExtensionInterpreter,
    which,
    interpreterBeside,
    run: async (program, args) => {
      const result = await run(program, args);
      return { ok: result.code === 0, stdout: result.stdout };
    },
  });
  if (!command) {
    await notFound();
    return;
  }
  const serverOptions: ServerOptions = { command: command.command, args: serverArgs(command) };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: serverSettings((key) => settings().get(key)),
    synchronize: { configurationSection: "datasets" },
  };
  client = new LanguageClient("datasets", "AI Test Toolkit datasets", serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

async function openReport(): Promise<void> {
  if (!command) {
    await notFound();
    return;
  }
  const files = await vscode.window.showOpenDialog({
    canSelectMany: true,
    filters: { "Test results": ["json", "jsonl"] },
    openLabel: "Report on these results",
  });
  if (!files || files.length === 0) {
    return;
  }
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "datasets-report-")), "report.html");
  const args = [...command.args, "report", ...files.map((f) => f.fsPath), "-o", out];
  const result = await run(command.command, args);
  if (!fs.existsSync(out)) {
    await vscode.window.showErrorMessage(`datasets report failed: ${result.stderr.trim()}`);
    return;
  }
  await vscode.env.openExternal(vscode.Uri.file(out));
}

// The scorecard of the active document's app (else of the workspace folders), opened as
// a new untitled document; the server also shows its six lines as a notification.
async function audit(): Promise<void> {
  if (!client) {
    return;
  }
  const result = (await client.sendRequest("workspace/executeCommand", {
    command: "datasets.audit",
    arguments: auditArguments(vscode.window.activeTextEditor?.document.uri),
  })) as AuditResult | null;
  if (!result || typeof result.text !== "string") {
    return;
  }
  const document = await vscode.workspace.openTextDocument({ content: result.text, language: "plaintext" });
  await vscode.window.showTextDocument(document);
}

// The first 256 KB of a file that is not open: enough to find a top-level `suite_setup:`.
function headOf(file: string): string | undefined {
  try {
    const fd = fs.openSync(file, "r");
    try {
      const buffer = Buffer.alloc(256 * 1024);
      return buffer.toString("utf-8", 0, fs.readSync(fd, buffer, 0, buffer.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

// Give the YAML extension, when it is installed, the editor schemas for the dataset files
// (see yamlSchemas.ts); again when extensions change, in case it is installed later.
async function registerYamlSchemas(context: vscode.ExtensionContext): Promise<boolean> {
  const extension = vscode.extensions.getExtension(YAML_EXTENSION);
  if (!extension) {
    return false;
  }
  const fsPathOf = (resource: string): string | undefined => {
    const uri = vscode.Uri.parse(resource);
    return uri.scheme === "file" ? uri.fsPath : undefined;
  };
  const contributor = schemaContributor({
    fsPathOf,
    textOf: (resource) => {
      const wanted = vscode.Uri.parse(resource).toString();
      const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === wanted);
      if (open) {
        return open.getText();
      }
      const file = fsPathOf(resource);
      return file === undefined ? undefined : headOf(file);
    },
    readSchema: (name) => fs.readFileSync(context.asAbsolutePath(path.join("schemas", name)), "utf-8"),
  });
  try {
    return registerWith(extension.isActive ? extension.exports : await extension.activate(), contributor);
  } catch {
    return false; // a YAML extension that fails to start: no completion from it, no error here
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  let yamlSchemas = registerYamlSchemas(context);
  context.subscriptions.push(
    vscode.extensions.onDidChange(async () => {
      if (!(await yamlSchemas)) {
        yamlSchemas = registerYamlSchemas(context);
      }
    }),
  );
  context.subscriptions.push(
    vscode.commands.registerCommand("datasets.restart", async () => {
      if (client) {
        await client.stop();
        client = undefined;
      }
      await start(context);
    }),
    vscode.commands.registerCommand("datasets.lintWorkspace", async () => {
      if (!client) {
        return;
      }
      const found = await client.sendRequest("workspace/executeCommand", {
        command: "datasets.lintWorkspace",
        arguments: [],
      });
      await vscode.window.showInformationMessage(`datasets: ${found} finding(s) in the workspace.`);
    }),
    vscode.commands.registerCommand("datasets.openReport", openReport),
    vscode.commands.registerCommand("datasets.audit", audit),
  );
  await Promise.all([yamlSchemas, start(context)]);
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
