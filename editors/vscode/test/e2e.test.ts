// Drives the real extension in a real VS Code (@vscode/test-electron): a download of VS
// Code, started on a workspace with a broken dataset, runs test/e2e/ inside the editor.
// Where VS Code cannot be downloaded (no internet) the test is skipped, saying why;
// test.yml sets DATASETS_VSCODE_E2E=required so that there a failed download fails, and
// release.yml sets it to skip (test.yml has run it on the tagged commit).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { downloadAndUnzipVSCode, runTests } from "@vscode/test-electron";

const root = path.join(__dirname, "..", "..");
// The dataset of the e2e suite: a query without `from` (QRY003 at line 4, column 17).
const BAD = "tests:\n  - name: T1\n    turns:\n      - query: {title: Hi, message: Hi}\n        expected_data: {}\n";

describe("the real extension in VS Code (@vscode/test-electron)", () => {
  it("shows the language server's findings on a dataset", async function () {
    this.timeout(600000);
    if (process.env.DATASETS_VSCODE_E2E === "skip") {
      console.log("      skipped: DATASETS_VSCODE_E2E=skip");
      this.skip();
    }
    let executable: string;
    try {
      executable = await downloadAndUnzipVSCode({ version: "stable", cachePath: path.join(root, ".vscode-test") });
    } catch (error) {
      if (process.env.DATASETS_VSCODE_E2E === "required") {
        throw error;
      }
      const why = String(error).split("\n")[0];
      console.log(`      skipped: VS Code cannot be downloaded here (${why}); test.yml runs this test`);
      this.skip();
    }
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "datasets-e2e-"));
    const datasets = path.join(workspace, ".resources", "datasets");
    fs.mkdirSync(datasets, { recursive: true });
    fs.writeFileSync(path.join(datasets, "BAD.yaml"), BAD);
    try {
      const code = await runTests({
        vscodeExecutablePath: executable,
        extensionDevelopmentPath: root,
        extensionTestsPath: path.join(__dirname, "e2e", "index"),
        launchArgs: [workspace, "--disable-extensions", "--disable-workspace-trust"],
      });
      assert.strictEqual(code, 0);
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
});
