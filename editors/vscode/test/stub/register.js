// Resolve `vscode` and `vscode-languageclient/node` to stubs: the tests run in plain Node,
// without the editor (which this environment cannot download).
const Module = require("module");
const path = require("path");

const stubs = {
  vscode: path.join(__dirname, "vscode.js"),
  "vscode-languageclient/node": path.join(__dirname, "languageclient.js"),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (Object.prototype.hasOwnProperty.call(stubs, request)) {
    return stubs[request];
  }
  return resolve.call(this, request, ...rest);
};
