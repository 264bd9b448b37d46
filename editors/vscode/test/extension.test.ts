import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

// Resolved to test/stub/*.js by test/stub/register.js.
// eslint-disable-next-line @typescript-eslint/no-var-requires
const vscode = require("vscode");
// eslint-disable-next-line @typescript-eslint/no-var-requires
const languageclient = require("vscode-languageclient/node");
import { activate } from "../src/extension";

const root = path.join(__dirname, "..", "..");

function fakeProgram(dir: string, name: string, code: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\nexit ${code}\n`, { mode: 0o755 });
  return file;
}

function context(): { subscriptions: unknown[]; asAbsolutePath: (p: string) => string } {
  return { subscriptions: [], asAbsolutePath: (p: string) => path.join(root, p) };
}

// A stand-in for the YAML extension: records the schema contributors registered with it.
function yamlExtension(): { registered: unknown[][]; activate: () => Promise<unknown>; isActive: boolean } {
  const registered: unknown[][] = [];
  const api = {
    registerContributor: (...args: unknown[]) => {
      registered.push(args);
      return true;
    },
  };
  return { registered, isActive: false, activate: async () => api };
}

describe("activate (against a stub vscode module)", () => {
  let dir: string;
  const savedPath = process.env.PATH;

  beforeEach(() => {
    vscode.__state.reset();
    languageclient.__made.length = 0;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "datasets-ext-"));
    // Only the test's folder: not this machine's pipx folder or PATH.
    process.env.PIPX_BIN_DIR = dir;
  });
  const savedPipx = process.env.PIPX_BIN_DIR;

  afterEach(() => {
    process.env.PATH = savedPath;
    if (savedPipx === undefined) {
      delete process.env.PIPX_BIN_DIR;
    } else {
      process.env.PIPX_BIN_DIR = savedPipx;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("starts `python -m ait_datasets lsp` from the configured interpreter", async () => {
    const python = fakeProgram(dir, "python", 0);
    vscode.__state.settings = { interpreter: python, workDate: "2026-03-17" };
    await activate(context() as never);
    const client = languageclient.__made[0];
    assert.deepStrictEqual(client.serverOptions, { command: python, args: ["-m", "ait_datasets", "lsp"] });
    assert.ok(client.started);
    assert.deepStrictEqual(client.clientOptions.initializationOptions, {
      workDate: "2026-03-17",
      configFile: "",
      audit: { messageOnly: true },
    });
    assert.strictEqual(client.clientOptions.synchronize.configurationSection, "datasets");
    assert.deepStrictEqual(Object.keys(vscode.__state.commands).sort(), [
      "datasets.audit",
      "datasets.lintWorkspace",
      "datasets.openReport",
      "datasets.restart",
    ]);
    await vscode.__state.commands["datasets.lintWorkspace"]();
    assert.deepStrictEqual(client.lastRequest, {
      method: "workspace/executeCommand",
      params: { command: "datasets.lintWorkspace", arguments: [] },
    });
    assert.deepStrictEqual(vscode.__state.infos, ["datasets: 3 finding(s) in the workspace."]);
  });

  it("audits the active document's app and opens the scorecard in a new untitled document", async () => {
    const python = fakeProgram(dir, "python", 0);
    vscode.__state.settings = { interpreter: python, "audit.messageOnly": false };
    const text = "PASS     State vs message  3 of 5 classified checks read the state (60%)\n";
    languageclient.__answers["datasets.audit"] = { text, scorecards: [{ app: "app" }], errors: [] };
    const active = "file:///work/app/.resources/datasets/ORDERS.yaml";
    vscode.__state.activeTextEditor = { document: { uri: { scheme: "file", toString: () => active } } };
    try {
      await activate(context() as never);
      const client = languageclient.__made[0];
      assert.deepStrictEqual(client.clientOptions.initializationOptions.audit, { messageOnly: false });
      await vscode.__state.commands["datasets.audit"]();
      assert.deepStrictEqual(client.lastRequest, {
        method: "workspace/executeCommand",
        params: { command: "datasets.audit", arguments: [active] },
      });
      assert.deepStrictEqual(vscode.__state.documents, [{ untitled: true, content: text, language: "plaintext" }]);
      assert.deepStrictEqual(vscode.__state.shown, vscode.__state.documents);
      // Without a file open (an untitled buffer): the workspace folders are audited.
      vscode.__state.activeTextEditor = { document: { uri: { scheme: "untitled", toString: () => "untitled:1" } } };
      await vscode.__state.commands["datasets.audit"]();
      assert.deepStrictEqual(client.lastRequest.params, { command: "datasets.audit", arguments: [] });
    } finally {
      delete languageclient.__answers["datasets.audit"];
    }
  });

  it("opens a report: runs `datasets report FILES -o report.html` and opens the page", async () => {
    const log = path.join(dir, "args.txt");
    const python = path.join(dir, "python");
    fs.writeFileSync(
      python,
      `#!/bin/sh\necho "$@" >> ${log}\nout=""\nwhile [ $# -gt 0 ]; do [ "$1" = "-o" ] && out="$2"; shift; done\n` +
        `[ -n "$out" ] && echo "<html></html>" > "$out"\nexit 0\n`,
      { mode: 0o755 },
    );
    vscode.__state.settings = { interpreter: python };
    vscode.__state.openDialog = [{ fsPath: "/runs/results.jsonl" }];
    await activate(context() as never);
    await vscode.__state.commands["datasets.openReport"]();
    const calls = fs.readFileSync(log, "utf-8").trim().split("\n");
    assert.match(calls[calls.length - 1], /^-m ait_datasets report \/runs\/results\.jsonl -o .*report\.html$/);
    assert.strictEqual(vscode.__state.opened.length, 1);
    assert.ok(vscode.__state.opened[0].fsPath.endsWith("report.html"));
    assert.deepStrictEqual(vscode.__state.errors, []);
  });

  it("falls back to uvx when the interpreter cannot import the server", async () => {
    const python = fakeProgram(dir, "python", 3);
    fakeProgram(dir, "uvx", 0);
    process.env.PATH = dir;
    vscode.__state.settings = { interpreter: python };
    await activate(context() as never);
    assert.deepStrictEqual(languageclient.__made[0].serverOptions, {
      command: path.join(dir, "uvx"),
      args: ["--from", "ait-datasets[lsp]", "datasets", "lsp"],
    });
  });

  it("starts `datasets lsp` from PATH, a pip or pipx install", async () => {
    const bin = path.join(dir, "venv", "bin");
    fs.mkdirSync(bin, { recursive: true });
    const datasets = path.join(bin, "datasets");
    fs.writeFileSync(datasets, "#!/bin/sh\necho 'datasets 0.1.0'\n", { mode: 0o755 });
    fakeProgram(bin, "python", 0);
    fakeProgram(dir, "uvx", 0);
    process.env.PATH = [bin, dir].join(path.delimiter);
    await activate(context() as never);
    assert.deepStrictEqual(languageclient.__made[0].serverOptions, { command: datasets, args: ["lsp"] });
    assert.deepStrictEqual(vscode.__state.errors, []);
  });

  it("without any, shows one notification with the install command and opens the setting", async () => {
    process.env.PATH = dir;
    vscode.__state.errorChoice = "Open the setting";
    await activate(context() as never);
    assert.strictEqual(languageclient.__made.length, 0);
    assert.strictEqual(vscode.__state.errors.length, 1);
    assert.ok(vscode.__state.errors[0].includes('pip install "ait-datasets[lsp]"'), vscode.__state.errors[0]);
    assert.deepStrictEqual(vscode.__state.buttons, ["Open the setting", "Copy the install command"]);
    assert.deepStrictEqual(vscode.__state.executed, [["workbench.action.openSettings", "datasets.path"]]);
  });

  it("gives the YAML extension the editor schemas, for dataset files only", async () => {
    const python = fakeProgram(dir, "python", 0);
    vscode.__state.settings = { interpreter: python };
    const yaml = yamlExtension();
    vscode.__state.extensions["redhat.vscode-yaml"] = yaml;
    const setup = "file:///w/app/.resources/datasets/setup/SETUP.yaml";
    vscode.__state.documents = [
      { uri: vscode.Uri.parse(setup), getText: () => "name: S\nsuite_setup:\n  customers: []\n" },
    ];
    await activate(context() as never);
    assert.strictEqual(yaml.registered.length, 1);
    const [scheme, requestSchema, requestSchemaContent, label] = yaml.registered[0] as [
      string,
      (resource: string) => string | undefined,
      (uri: string) => string,
      string,
    ];
    assert.deepStrictEqual([scheme, label], ["ait-datasets", "AI Test Toolkit datasets"]);
    const dataset = requestSchema("file:///w/app/.resources/datasets/ORDERS.yaml");
    assert.strictEqual(dataset, "ait-datasets://schemas/dataset.editor.schema.json");
    assert.strictEqual(requestSchema(setup), "ait-datasets://schemas/suite-setup.editor.schema.json");
    for (const other of [
      "file:///w/.github/workflows/ci.yaml",
      "file:///w/app/.resources/.vscode/tasks.yaml",
      "file:///w/app/docker-compose.yml",
      "untitled:Untitled-1",
    ]) {
      assert.strictEqual(requestSchema(other), undefined, other);
    }
    const shipped = path.join(root, "..", "..", "src", "ait_datasets", "schema", "json");
    assert.strictEqual(
      requestSchemaContent(dataset as string),
      fs.readFileSync(path.join(shipped, "dataset.editor.schema.json"), "utf-8"),
    );
    assert.throws(() => requestSchemaContent("ait-datasets://schemas/../../package.json"));
    assert.ok(languageclient.__made[0].started, "the server starts as well");
  });

  it("without the YAML extension, registers nothing until it is installed", async () => {
    const python = fakeProgram(dir, "python", 0);
    vscode.__state.settings = { interpreter: python };
    await activate(context() as never);
    assert.ok(languageclient.__made[0].started);
    assert.deepStrictEqual(vscode.__state.errors, []);
    const yaml = yamlExtension();
    vscode.__state.extensions["redhat.vscode-yaml"] = yaml;
    for (const listener of vscode.__state.extensionListeners) {
      await listener();
    }
    assert.strictEqual(yaml.registered.length, 1);
  });

  it("the notification's other button copies the install command", async () => {
    process.env.PATH = dir;
    vscode.__state.errorChoice = "Copy the install command";
    await activate(context() as never);
    assert.strictEqual(vscode.__state.clipboard, 'pip install "ait-datasets[lsp]"');
    assert.deepStrictEqual(vscode.__state.executed, []);
  });
});

describe("package.json", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf-8"));

  it("has what the Marketplace shows: an icon, keywords, a changelog, a screenshot", () => {
    const icon = fs.readFileSync(path.join(root, manifest.icon));
    assert.strictEqual(icon.subarray(1, 4).toString("latin1"), "PNG");
    assert.deepStrictEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
    for (const keyword of ["Business Central", "AL", "AI Test Toolkit", "YAML"]) {
      assert.ok(manifest.keywords.includes(keyword), keyword);
    }
    assert.deepStrictEqual(manifest.extensionKind, ["workspace"]);
    assert.ok(fs.existsSync(path.join(root, "CHANGELOG.md")));
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf-8");
    const image = /!\[[^\]]*\]\(([^)]+\.png)\)/.exec(readme);
    assert.ok(image && fs.existsSync(path.join(root, image[1])), "README shows a screenshot that exists");
  });

  it("gives no schema to every YAML file by a glob (no yamlValidation)", () => {
    assert.strictEqual(manifest.contributes.yamlValidation, undefined);
  });

  it("ships exactly the editor schemas of the Python package, which have https ids", () => {
    const shipped = path.join(root, "..", "..", "src", "ait_datasets", "schema", "json");
    const names = fs.readdirSync(path.join(root, "schemas")).sort();
    assert.deepStrictEqual(names, ["dataset.editor.schema.json", "suite-setup.editor.schema.json"]);
    for (const name of names) {
      const text = fs.readFileSync(path.join(root, "schemas", name), "utf-8");
      assert.strictEqual(text, fs.readFileSync(path.join(shipped, name), "utf-8"));
      const schema = JSON.parse(text);
      assert.ok(String(schema.$id).startsWith("https://"), schema.$id);
      assert.strictEqual(schema.required, undefined);
    }
  });

  it("declares the settings and commands", () => {
    const settings = Object.keys(manifest.contributes.configuration.properties).sort();
    assert.deepStrictEqual(settings, [
      "datasets.audit.messageOnly",
      "datasets.configFile",
      "datasets.importStrategy",
      "datasets.interpreter",
      "datasets.path",
      "datasets.workDate",
    ]);
    const commands = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepStrictEqual(commands, [
      "datasets.audit",
      "datasets.lintWorkspace",
      "datasets.openReport",
      "datasets.restart",
    ]);
    const audit = manifest.contributes.commands.find((c: { command: string }) => c.command === "datasets.audit");
    assert.strictEqual(`${audit.category}: ${audit.title}`, "AI Test Toolkit: Audit the suite");
  });
});
