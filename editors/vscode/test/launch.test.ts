import * as assert from "assert";
import {
  DOCUMENT_SELECTOR,
  INSTALL_COMMAND,
  LaunchInputs,
  PROBE_ARGS,
  datasetsCommand,
  installMessage,
  serverArgs,
  serverSettings,
} from "../src/launch";

function inputs(overrides: Partial<LaunchInputs>): LaunchInputs {
  return {
    configuredInterpreter: "",
    importStrategy: "fromEnvironment",
    pythonExtensionInterpreter: async () => undefined,
    onPath: async () => false,
    probe: async () => true,
    ...overrides,
  };
}

describe("launch order", () => {
  it("uses the configured interpreter first", async () => {
    const found = await datasetsCommand(
      inputs({
        configuredInterpreter: "/venv/bin/python",
        pythonExtensionInterpreter: async () => "/other/python",
        onPath: async () => true,
      }),
    );
    assert.deepStrictEqual(found, { command: "/venv/bin/python", args: ["-m", "ait_datasets"], source: "setting" });
    assert.deepStrictEqual(serverArgs(found!), ["-m", "ait_datasets", "lsp"]);
  });

  it("then the Python extension's interpreter, when the configured one lacks the package", async () => {
    const probed: string[] = [];
    const found = await datasetsCommand(
      inputs({
        configuredInterpreter: "/broken/python",
        pythonExtensionInterpreter: async () => "/ext/python",
        probe: async (interpreter, args) => {
          probed.push(interpreter);
          assert.deepStrictEqual(args, PROBE_ARGS);
          return interpreter === "/ext/python";
        },
      }),
    );
    assert.strictEqual(found?.command, "/ext/python");
    assert.strictEqual(found?.source, "python-extension");
    assert.deepStrictEqual(probed, ["/broken/python", "/ext/python"]);
  });

  it("then uvx when uv is on PATH", async () => {
    const found = await datasetsCommand(
      inputs({ probe: async () => false, pythonExtensionInterpreter: async () => "/ext/python", onPath: async (p) => p === "uvx" }),
    );
    assert.deepStrictEqual(serverArgs(found!), ["--from", "ait-datasets[lsp]", "datasets", "lsp"]);
    assert.strictEqual(found?.command, "uvx");
  });

  it("goes straight to uvx with importStrategy uvx", async () => {
    let probed = false;
    const found = await datasetsCommand(
      inputs({
        configuredInterpreter: "/venv/bin/python",
        importStrategy: "uvx",
        onPath: async () => true,
        probe: async () => (probed = true),
      }),
    );
    assert.strictEqual(found?.command, "uvx");
    assert.strictEqual(probed, false);
  });

  it("finds nothing otherwise, and the message says how to install", async () => {
    assert.strictEqual(await datasetsCommand(inputs({ probe: async () => false })), undefined);
    assert.ok(installMessage("").includes(INSTALL_COMMAND));
    assert.ok(installMessage("/venv/bin/python").includes("/venv/bin/python"));
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
    assert.deepStrictEqual(serverSettings((k) => values[k]), { workDate: "2026-03-17", configFile: "" });
  });
});
