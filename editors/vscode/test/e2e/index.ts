// Runs inside VS Code's extension host (started by ../e2e.test.ts through
// @vscode/test-electron): the suite below, with the real `vscode` module.
import * as path from "path";
import Mocha from "mocha";

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: "bdd", color: false, timeout: 120000 });
  mocha.addFile(path.join(__dirname, "diagnostics.e2e.js"));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
