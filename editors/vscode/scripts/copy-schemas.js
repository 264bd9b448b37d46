// Copy the editor variants of the JSON Schemas shipped in the Python package into the
// extension (given to the YAML extension per file: see src/yamlSchemas.ts). The strict
// schemas stay in the package (`datasets schema`).
const fs = require("fs");
const path = require("path");

const from = path.join(__dirname, "..", "..", "..", "src", "ait_datasets", "schema", "json");
const to = path.join(__dirname, "..", "schemas");
// Emptied first: a schema the extension no longer ships must not linger in the package.
fs.rmSync(to, { recursive: true, force: true });
fs.mkdirSync(to, { recursive: true });
for (const name of fs.readdirSync(from)) {
  if (name.endsWith(".editor.schema.json")) {
    fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
}
