import * as assert from "assert";
import { isDatasetPath, kindOf, registerWith, schemaContributor } from "../src/yamlSchemas";

describe("which files get the editor schemas", () => {
  it("YAML files inside a .resources folder, as `datasets lint` reads them", () => {
    assert.ok(isDatasetPath("/w/app/.resources/datasets/ORDERS.yaml"));
    assert.ok(isDatasetPath("/w/app/.resources/TestScenarios/x.YML"));
    assert.ok(isDatasetPath("C:\\w\\app\\.resources\\datasets\\ORDERS.yaml"));
  });

  it("not other YAML files, hidden ones, or those in folders lint skips", () => {
    assert.ok(!isDatasetPath("/w/.github/workflows/ci.yaml"));
    assert.ok(!isDatasetPath("/w/app/compose.yaml"));
    assert.ok(!isDatasetPath("/w/app/.resources/.hidden.yaml"));
    assert.ok(!isDatasetPath("/w/app/.resources/node_modules/x.yaml"));
    assert.ok(!isDatasetPath("C:\\w\\app\\.resources\\.vscode\\x.yaml"));
    assert.ok(!isDatasetPath("/w/app/.resources/datasets/ORDERS.jsonl"));
    assert.ok(!isDatasetPath("/w/app/.resources"));
  });
});

describe("the kind of a file, as shape.file_kind reads it", () => {
  it("a top-level suite_setup holding an object or a list: a suite-setup file", () => {
    assert.strictEqual(kindOf("name: S\nsuite_setup:\n  customers: []\n"), "suite-setup");
    assert.strictEqual(kindOf("suite_setup:  # the setup\n\n- a\n"), "suite-setup");
    assert.strictEqual(kindOf("suite_setup: {a: 1}\n"), "suite-setup");
    assert.strictEqual(kindOf("suite_setup: [a]\r\n"), "suite-setup");
  });

  it("a suite_setup naming a file, or none: a dataset", () => {
    assert.strictEqual(kindOf("suite_setup: SHOP-SETUP\ntests: []\n"), "dataset");
    assert.strictEqual(kindOf("suite_setup:\ntests: []\n"), "dataset");
    assert.strictEqual(kindOf("tests:\n  - suite_setup:\n      a: 1\n"), "dataset");
    assert.strictEqual(kindOf(""), "dataset");
  });
});

describe("the schema contributor", () => {
  const contributor = schemaContributor({
    fsPathOf: (resource) => (resource.startsWith("file://") ? resource.slice("file://".length) : undefined),
    textOf: () => undefined,
    readSchema: (name) => `{"name": "${name}"}`,
  });

  it("reads only the schemas it hands out", () => {
    const uri = contributor.requestSchema("file:///w/.resources/a.yaml") as string;
    assert.strictEqual(contributor.requestSchemaContent(uri), '{"name": "dataset.editor.schema.json"}');
    assert.throws(() => contributor.requestSchemaContent("ait-datasets://schemas/dataset.schema.json"));
  });

  it("registers with an API that has registerContributor, else says it did not", () => {
    const calls: unknown[][] = [];
    assert.ok(registerWith({ registerContributor: (...args: unknown[]) => calls.push(args) > 0 }, contributor));
    assert.strictEqual(calls[0][0], "ait-datasets");
    assert.ok(!registerWith(undefined, contributor));
    assert.ok(!registerWith({}, contributor));
    assert.ok(!registerWith({ registerContributor: () => false }, contributor));
  });
});
