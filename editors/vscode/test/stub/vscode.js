// A minimal `vscode` module: records what the extension asks of the editor.
const state = {
  settings: {},
  commands: {},
  errors: [],
  infos: [],
  clipboard: "",
  extensions: {},
  opened: [],
  executed: [],
  documents: [],
  shown: [],
  activeTextEditor: undefined,
  extensionListeners: [],
  reset() {
    this.settings = {};
    this.commands = {};
    this.errors = [];
    this.infos = [];
    this.clipboard = "";
    this.extensions = {};
    this.opened = [];
    this.executed = [];
    this.documents = [];
    this.extensionListeners = [];
    this.errorChoice = undefined;
    this.openDialog = undefined;
    this.documents = [];
    this.shown = [];
    this.activeTextEditor = undefined;
  },
};

module.exports = {
  __state: state,
  workspace: {
    get textDocuments() {
      return state.documents;
    },
    getConfiguration: () => ({
      get: (key, fallback) => (key in state.settings ? state.settings[key] : fallback),
    }),
    openTextDocument: async (options) => {
      const document = { untitled: true, ...options };
      state.documents.push(document);
      return document;
    },
  },
  commands: {
    executeCommand: async (...args) => state.executed.push(args),
    registerCommand: (name, fn) => {
      state.commands[name] = fn;
      return { dispose() {} };
    },
  },
  window: {
    showErrorMessage: async (message, ...buttons) => {
      state.errors.push(message);
      state.buttons = buttons;
      return state.errorChoice;
    },
    showInformationMessage: async (message) => {
      state.infos.push(message);
      return undefined;
    },
    showOpenDialog: async () => state.openDialog,
    showTextDocument: async (document) => state.shown.push(document),
    get activeTextEditor() {
      return state.activeTextEditor;
    },
  },
  env: {
    clipboard: { writeText: async (text) => (state.clipboard = text) },
    openExternal: async (uri) => state.opened.push(uri),
  },
  extensions: {
    getExtension: (id) => state.extensions[id],
    onDidChange: (listener) => {
      state.extensionListeners.push(listener);
      return { dispose() {} };
    },
  },
  Uri: {
    file: (fsPath) => ({ fsPath, scheme: "file", toString: () => `file://${encodeURI(fsPath)}` }),
    parse: (text) => {
      const url = new URL(text);
      const scheme = url.protocol.slice(0, -1);
      return { scheme, fsPath: decodeURIComponent(url.pathname), toString: () => text };
    },
  },
};
