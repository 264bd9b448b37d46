// Copy the JSON Schemas shipped in the Python package into the extension (yamlValidation).
const fs = require("fs");
const path = require("path");

const from = path.join(__dirname, "..", "..", "..", "src", "ait_datasets", "schema", "json");
const to = path.join(__dirname, "..", "schemas");
fs.mkdirSync(to, { recursive: true });
for (const name of fs.readdirSync(from)) {
  if (name.endsWith(".schema.json")) {
    fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
}
