// A stand-in for vscode-languageclient's LanguageClient that records how it was made.
const made = [];
// What `workspace/executeCommand` answers, by command (3 for any other).
const answers = {};

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions, started: false });
    made.push(this);
  }
  async start() {
    this.started = true;
  }
  async stop() {
    this.started = false;
  }
  async sendRequest(method, params) {
    this.lastRequest = { method, params };
    const command = params && params.command;
    return Object.prototype.hasOwnProperty.call(answers, command) ? answers[command] : 3;
  }
  dispose() {}
}

module.exports = { LanguageClient, __made: made, __answers: answers };
