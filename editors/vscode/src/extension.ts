// The VS Code client of `datasets lsp`: start the server, pass the settings, add commands.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";
import {
  Command,
  DOCUMENT_SELECTOR,
  ImportStrategy,
  datasetsCommand,
  installMessage,
  INSTALL_COMMAND,
  serverArgs,
  serverSettings,
} from "./launch";

let client: LanguageClient | undefined;
let command: Command | undefined;

function run(program: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(program, args, { timeout: 60000 }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stderr: String(stderr) });
    });
  });
}

async function onPath(program: string): Promise<boolean> {
  const dirs = (process.env.PATH || "").split(path.delimiter);
  const names = process.platform === "win32" ? [`${program}.exe`, `${program}.cmd`] : [program];
  return dirs.some((dir) => names.some((name) => fs.existsSync(path.join(dir, name))));
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

async function start(context: vscode.ExtensionContext): Promise<void> {
  const config = settings();
  const configured = config.get<string>("interpreter", "");
  command = await datasetsCommand({
    configuredInterpreter: configured,
    importStrategy: config.get<ImportStrategy>("importStrategy", "fromEnvironment"),
    pythonExtensionInterpreter,
    onPath,
    probe: async (interpreter, args) => (await run(interpreter, args)).code === 0,
  });
  if (!command) {
    const copy = "Copy install command";
    const picked = await vscode.window.showErrorMessage(installMessage(configured), copy);
    if (picked === copy) {
      await vscode.env.clipboard.writeText(INSTALL_COMMAND);
    }
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
    await vscode.window.showErrorMessage(installMessage(""));
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

export async function activate(context: vscode.ExtensionContext): Promise<void> {
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
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
