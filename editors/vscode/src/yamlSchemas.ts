// Completion and hover from the YAML extension (redhat.vscode-yaml), without its errors.
//
// `datasets lsp` reports every mistake of a dataset, with its code and fix. Given the strict
// schema, the YAML extension reported the same mistakes a second time in other words, and
// a `yamlValidation` glob gave it to every YAML file under `.resources`. So the extension
// contributes no `yamlValidation`; when the YAML extension is installed (it is not a
// dependency), it registers a schema contributor through that extension's API, which
// names a schema per file:
//   - only for the files `datasets lint` reads as datasets: `*.yaml`/`*.yml` inside a
//     `.resources` folder, outside the folders lint skips, not hidden (the configuration's
//     include/exclude globs are the server's alone: such a file still gets completion);
//   - the editor variant of the schemas (keys, descriptions and allowed values; no keyword
//     that can fail a document), of the suite-setup kind when the file's top-level
//     `suite_setup:` holds an object or a list (as `shape.file_kind` decides), else of the
//     dataset kind.
// A `# yaml-language-server: $schema=...` line in a file still wins (the strict schema of
// `datasets schema`, for whoever wants the YAML extension's validation too).

export const YAML_EXTENSION = "redhat.vscode-yaml";
// The scheme of the schema addresses the contributor hands out (and is asked to read).
export const SCHEME = "ait-datasets";
export const LABEL = "AI Test Toolkit datasets";

export type SchemaKind = "dataset" | "suite-setup";

export const EDITOR_SCHEMAS: Record<SchemaKind, string> = {
  dataset: "dataset.editor.schema.json",
  "suite-setup": "suite-setup.editor.schema.json",
};

// The folders `datasets lint` never reads (ait_datasets.lint.discover._SKIP_DIRS).
const SKIP_DIRS = new Set([
  ".git",
  ".hg",
  ".svn",
  ".github",
  ".vscode",
  ".idea",
  ".alpackages",
  ".venv",
  "venv",
  "node_modules",
  "__pycache__",
  ".mypy_cache",
  ".ruff_cache",
  ".pytest_cache",
  ".tox",
]);

/** Whether `datasets lint` reads the YAML file at `fsPath` as a dataset (by its path). */
export function isDatasetPath(fsPath: string): boolean {
  const parts = fsPath.split(/[\\/]/);
  const name = parts[parts.length - 1];
  const folders = parts.slice(0, -1);
  const lower = name.toLowerCase();
  if (!(lower.endsWith(".yaml") || lower.endsWith(".yml")) || name.startsWith(".")) {
    return false;
  }
  return folders.includes(".resources") && !folders.some((folder) => SKIP_DIRS.has(folder));
}

/** The file's kind as `shape.file_kind` reads it: a top-level `suite_setup:` holding an
 * object or a list makes a suite-setup file; any other YAML file is a dataset. */
export function kindOf(text: string): SchemaKind {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((line) => /^suite_setup[ \t]*:/.test(line));
  if (at < 0) {
    return "dataset";
  }
  const rest = lines[at].replace(/^suite_setup[ \t]*:/, "").replace(/(^|\s)#.*$/, "").trim();
  if (rest !== "") {
    return rest.startsWith("{") || rest.startsWith("[") ? "suite-setup" : "dataset";
  }
  // A block below: indented, or a list at the same indentation.
  const next = lines.slice(at + 1).find((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  return next !== undefined && (/^\s/.test(next) || /^-(\s|$)/.test(next)) ? "suite-setup" : "dataset";
}

export interface SchemaContributor {
  requestSchema: (resource: string) => string | undefined;
  requestSchemaContent: (uri: string) => string;
}

export interface ContributorInputs {
  // The path of a `file:` URI (undefined for other schemes).
  fsPathOf: (resource: string) => string | undefined;
  // The text of the document at `resource` (the open buffer, else the file), or undefined.
  textOf: (resource: string) => string | undefined;
  // The text of a schema file shipped in the extension's `schemas` folder.
  readSchema: (fileName: string) => string;
}

/** The contributor the YAML extension's `registerContributor` takes. */
export function schemaContributor(inputs: ContributorInputs): SchemaContributor {
  return {
    requestSchema(resource: string): string | undefined {
      const fsPath = inputs.fsPathOf(resource);
      if (fsPath === undefined || !isDatasetPath(fsPath)) {
        return undefined;
      }
      return `${SCHEME}://schemas/${EDITOR_SCHEMAS[kindOf(inputs.textOf(resource) ?? "")]}`;
    },
    requestSchemaContent(uri: string): string {
      const name = uri.slice(uri.lastIndexOf("/") + 1);
      if (!Object.values(EDITOR_SCHEMAS).includes(name)) {
        throw new Error(`no such schema: ${uri}`);
      }
      return inputs.readSchema(name);
    },
  };
}

// The part of the YAML extension's API used here (its schema-extension-api).
export interface YamlExtensionApi {
  registerContributor(
    schema: string,
    requestSchema: (resource: string) => string | undefined,
    requestSchemaContent: (uri: string) => string,
    label?: string,
  ): boolean;
}

/** Register `contributor` with the YAML extension's API; false when it has none. */
export function registerWith(api: unknown, contributor: SchemaContributor): boolean {
  const candidate = api as Partial<YamlExtensionApi> | undefined;
  if (typeof candidate?.registerContributor !== "function") {
    return false;
  }
  return (
    candidate.registerContributor(SCHEME, contributor.requestSchema, contributor.requestSchemaContent, LABEL) !==
    false
  );
}
