// Inside VS Code: the extension finds `datasets` (test.yml installs it on PATH), starts the
// server, and the editor shows the server's finding on a dataset of the workspace.
import * as assert from "assert";
import * as path from "path";
import * as vscode from "vscode";

function datasetsFindings(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === "datasets");
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return String(typeof code === "object" && code !== null ? code.value : code);
}

// Resolves when the file has findings from the server (mocha's timeout bounds the wait).
function findingsOf(uri: vscode.Uri): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve) => {
    const now = datasetsFindings(uri);
    if (now.length > 0) {
      resolve(now);
      return;
    }
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      const found = event.uris.some((u) => u.toString() === uri.toString()) ? datasetsFindings(uri) : [];
      if (found.length > 0) {
        listener.dispose();
        resolve(found);
      }
    });
  });
}

describe("the extension in VS Code", () => {
  it("shows the QRY003 finding of a query without `from` at its line and column", async () => {
    const extension = vscode.extensions.getExtension("ait-datasets.ait-datasets");
    assert.ok(extension, "the extension under development is loaded");
    await extension.activate();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, "a workspace folder is open");
    const uri = vscode.Uri.file(path.join(folder, ".resources", "datasets", "BAD.yaml"));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const found = (await findingsOf(uri)).filter((d) => codeOf(d) === "QRY003");
    assert.strictEqual(found.length, 1, JSON.stringify(datasetsFindings(uri).map(codeOf)));
    assert.deepStrictEqual([found[0].range.start.line, found[0].range.start.character], [3, 16]);
    assert.strictEqual(found[0].severity, vscode.DiagnosticSeverity.Error);
  });
});
