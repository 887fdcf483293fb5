// Run a MicroPython script on the 32-bit WebAssembly port (31-bit small ints, like the Pico).
// usage: node run.mjs [--min] [--path DIR]... [--heapsize BYTES] [--then CODE]... SCRIPT [ARG]...
// --min runs the supported minimum version (package.json: micropython-min) instead of the newest.
// Each --path DIR is copied into the in-memory filesystem and put on sys.path in order.
// Each --then CODE runs after the script as a separate top-level call: this port collects
// garbage only between top-level calls, so CODE sees the heap as the script left it, collected.
// Exit status: 0 when the script ends normally, 1 on an uncaught Python exception.
import fs from "fs";
import path from "path";

const args = process.argv.slice(2);
const paths = [];
let heapsize = 8 * 1024 * 1024;
let pkg = "@micropython/micropython-webassembly-pyscript";
const then = [];
while (args.length && args[0].startsWith("--")) {
  const opt = args.shift();
  if (opt === "--path") paths.push(args.shift());
  else if (opt === "--heapsize") heapsize = parseInt(args.shift(), 10);
  else if (opt === "--then") then.push(args.shift());
  else if (opt === "--min") pkg = "micropython-min";
  else { console.error("unknown option " + opt); process.exit(2); }
}
if (!args.length) { console.error("usage: node run.mjs [--path DIR]... SCRIPT [ARG]..."); process.exit(2); }
const script = args.shift();

const { loadMicroPython } = await import(pkg);
const mp = await loadMicroPython({
  heapsize,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    if (name === "__pycache__" || name === "node_modules" || name.startsWith(".")) continue;
    const s = path.join(src, name), d = dst + "/" + name;
    if (fs.statSync(s).isDirectory()) copyTree(s, d);
    else if (/\.(py|mpy|json|bin|txt)$/.test(name))
      mp.FS.writeFile(d, fs.readFileSync(s));
  }
}
const sysPaths = [];
paths.forEach((p, i) => { const d = "/lib" + i; copyTree(p, d); sysPaths.push(d); });
mp.FS.mkdirTree("/data");

const argv = [script, ...args];
let code = "import sys\n";
code += "sys.path[:0] = " + JSON.stringify(sysPaths) + "\n";
code += "sys.argv[:] = " + JSON.stringify(argv) + "\n";
mp.runPython(code);
function run(code) {
  try {
    mp.runPython(code);
  } catch (error) {
    if (error.name !== "PythonError") throw error;
    if (error.type !== "SystemExit") { process.stderr.write(error.message + "\n"); process.exit(1); }
  }
}
run(fs.readFileSync(script, "utf8"));
for (const code of then) run(code);
process.exit(0);
