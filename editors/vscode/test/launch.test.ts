import * as assert from "assert";
import {
  Command,
  DOCUMENT_SELECTOR,
  INSTALL_COMMAND,
  LaunchInputs,
  PROBE_ARGS,
  UVX_ARGS,
  VERSION_ARGS,
  datasetsCommand,
  installMessage,
  serverArgs,
  serverSettings,
} from "../src/launch";

// A machine described by what works on it: every program named in `works` exits 0 (an
// executable in it prints `datasets 0.1.0` for --version), every other one fails.
interface Machine {
  path?: string;
  interpreter?: string;
  onPath?: Record<string, string>;
  beside?: Record<string, string>;
  pythonExtension?: string;
  works: string[];
  strategy?: "fromEnvironment" | "uvx";
}

function inputs(machine: Machine, calls: string[] = []): LaunchInputs {
  return {
    configuredPath: machine.path ?? "",
    configuredInterpreter: machine.interpreter ?? "",
    importStrategy: machine.strategy ?? "fromEnvironment",
    pythonExtensionInterpreter: async () => machine.pythonExtension,
    which: async (program) => machine.onPath?.[program],
    interpreterBeside: async (executable) => machine.beside?.[executable],
    run: async (program, args) => {
      calls.push(`${program} ${args === PROBE_ARGS ? "<probe>" : args.join(" ")}`);
      const ok = machine.works.includes(program);
      const isVersion = args.length === VERSION_ARGS.length && args[0] === VERSION_ARGS[0];
      return { ok, stdout: ok && isVersion ? "datasets 0.1.0\n" : "" };
    },
  };
}

async function found(machine: Machine, calls?: string[]): Promise<Command | undefined> {
  return datasetsCommand(inputs(machine, calls));
}

// Everything available at once: each case below takes one step away.
const everything: Machine = {
  path: "/opt/tools/datasets",
  interpreter: "/venv/bin/python",
  onPath: { datasets: "/home/me/.local/bin/datasets", uvx: "/usr/bin/uvx" },
  pythonExtension: "/ext/python",
  works: ["/opt/tools/datasets", "/venv/bin/python", "/home/me/.local/bin/datasets", "/ext/python"],
};

describe("server lookup order", () => {
  it("1. the datasets.path setting: runs that executable's `lsp`", async () => {
    const command = await found(everything);
    assert.deepStrictEqual(command, { command: "/opt/tools/datasets", args: [], source: "path-setting" });
    assert.deepStrictEqual(serverArgs(command!), ["lsp"]);
  });

  it("2. then datasets.interpreter: `python -m ait_datasets lsp`", async () => {
    const calls: string[] = [];
    const command = await found({ ...everything, path: "/nowhere/datasets" }, calls);
    assert.deepStrictEqual(command, {
      command: "/venv/bin/python",
      args: ["-m", "ait_datasets"],
      source: "interpreter-setting",
    });
    assert.deepStrictEqual(serverArgs(command!), ["-m", "ait_datasets", "lsp"]);
    assert.deepStrictEqual(calls, ["/nowhere/datasets --version", "/venv/bin/python <probe>"]);
  });

  it("3. then `datasets` on PATH (a pip or pipx install)", async () => {
    const command = await found({ ...everything, path: "", interpreter: "" });
    assert.deepStrictEqual(command, { command: "/home/me/.local/bin/datasets", args: [], source: "path" });
  });

  it("4. then the Python extension's interpreter", async () => {
    const command = await found({ ...everything, path: "", interpreter: "", onPath: { uvx: "/usr/bin/uvx" } });
    assert.deepStrictEqual(command, { command: "/ext/python", args: ["-m", "ait_datasets"], source: "python-extension" });
  });

  it("5. then uvx, when uv is installed", async () => {
    const command = await found({ works: [], onPath: { uvx: "/usr/bin/uvx" }, pythonExtension: "/ext/python" });
    assert.deepStrictEqual(command, { command: "/usr/bin/uvx", args: UVX_ARGS, source: "uvx" });
    assert.deepStrictEqual(serverArgs(command!), ["--from", "ait-datasets[lsp]", "datasets", "lsp"]);
  });

  it("nothing: undefined, and every candidate was tried once, in order", async () => {
    const calls: string[] = [];
    const machine: Machine = {
      path: "/opt/tools/datasets",
      interpreter: "/venv/bin/python",
      onPath: { datasets: "/home/me/.local/bin/datasets" },
      pythonExtension: "/ext/python",
      works: [],
    };
    assert.strictEqual(await found(machine, calls), undefined);
    assert.deepStrictEqual(calls, [
      "/opt/tools/datasets --version",
      "/venv/bin/python <probe>",
      "/home/me/.local/bin/datasets --version",
      "/ext/python <probe>",
    ]);
  });

  it("passes over a `datasets` whose environment lacks the lsp extra", async () => {
    // pip install ait-datasets (no [lsp]) into a virtual environment on PATH.
    const calls: string[] = [];
    const machine: Machine = {
      onPath: { datasets: "/venv/bin/datasets", uvx: "/usr/bin/uvx" },
      beside: { "/venv/bin/datasets": "/venv/bin/python" },
      works: ["/venv/bin/datasets"],
    };
    assert.strictEqual((await found(machine, calls))?.source, "uvx");
    assert.deepStrictEqual(calls, ["/venv/bin/datasets --version", "/venv/bin/python <probe>"]);
  });

  it("takes a `datasets` whose environment has the extra", async () => {
    const machine: Machine = {
      onPath: { datasets: "/venv/bin/datasets" },
      beside: { "/venv/bin/datasets": "/venv/bin/python" },
      works: ["/venv/bin/datasets", "/venv/bin/python"],
    };
    assert.strictEqual((await found(machine))?.command, "/venv/bin/datasets");
  });

  it("passes over a program called datasets that is not ours", async () => {
    const machine: Machine = { onPath: { datasets: "/usr/bin/datasets" }, works: ["/usr/bin/datasets"] };
    const command = await datasetsCommand({
      ...inputs(machine),
      run: async () => ({ ok: true, stdout: "huggingface datasets-cli 2.0\n" }),
    });
    assert.strictEqual(command, undefined);
  });

  it("importStrategy uvx goes straight to uvx without probing anything", async () => {
    const calls: string[] = [];
    const command = await found({ ...everything, strategy: "uvx" }, calls);
    assert.strictEqual(command?.source, "uvx");
    assert.deepStrictEqual(calls, []);
  });
});

describe("the install message", () => {
  it("gives the exact install command, quoted for every shell", () => {
    assert.strictEqual(INSTALL_COMMAND, 'pip install "ait-datasets[lsp]"');
    assert.ok(installMessage("", "").includes(INSTALL_COMMAND));
  });

  it("names the configured path and interpreter that did not work", () => {
    const message = installMessage("C:\\tools\\datasets.exe", "/venv/bin/python");
    assert.ok(message.includes("C:\\tools\\datasets.exe (datasets.path)"), message);
    assert.ok(message.includes("/venv/bin/python (datasets.interpreter)"), message);
    assert.ok(message.includes(INSTALL_COMMAND), message);
  });
});

describe("document selector and settings", () => {
  it("takes only files of a test app's .resources folder", () => {
    for (const filter of DOCUMENT_SELECTOR) {
      assert.strictEqual(filter.scheme, "file");
      assert.ok(filter.pattern.startsWith("**/.resources/**/"), filter.pattern);
    }
    assert.ok(DOCUMENT_SELECTOR.some((f) => f.pattern.includes("yaml")));
    assert.ok(DOCUMENT_SELECTOR.some((f) => f.pattern.includes("xml")));
  });

  it("passes the work date and configuration file to the server", () => {
    const values: Record<string, unknown> = { workDate: "2026-03-17", configFile: 3 };
    assert.deepStrictEqual(serverSettings((k) => values[k]), {
      workDate: "2026-03-17",
      configFile: "",
      audit: { messageOnly: true },
    });
    values["audit.messageOnly"] = false;
    assert.deepStrictEqual(serverSettings((k) => values[k]).audit, { messageOnly: false });
  });
});
