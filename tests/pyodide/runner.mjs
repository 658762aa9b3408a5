// Pyodide in Node for the xlwings Lite test: boots once, mounts host folders (NODEFS) at the
// paths given, then runs Python code sent one JSON line at a time on stdin ({"code": ...})
// and answers one JSON line on stdout ({"ok": true, "result": ...} or {"ok": false,
// "error": ...}). Python's own stdout/stderr go to this process's stderr, never into the
// answers. Usage: node runner.mjs PYODIDE_DIR '{"/data": "/host/folder", ...}'
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, mountsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const say = (line) => process.stderr.write(line + "\n");
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: say, stderr: say });
for (const [target, host] of Object.entries(JSON.parse(mountsJson || "{}"))) {
  pyodide.FS.mkdirTree(target);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, target);
}
const answer = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
answer({ ok: true, result: pyodide.version });

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  try {
    const result = await pyodide.runPythonAsync(JSON.parse(line).code);
    answer({ ok: true, result: result === undefined || result === null ? null : String(result) });
  } catch (err) {
    answer({ ok: false, error: String(err) });
  }
}
