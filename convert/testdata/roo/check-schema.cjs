// Reads a .roomodes document as JSON on stdin and checks it with Roo Code's own schema
// (customModesSettingsSchema of @roo-code/types, from the node_modules folder in argv[2]).
// Prints {"ok": bool, "issues": [...], "modes": [{slug, groups}]} as Roo would load it.
const path = require("path");
const { customModesSettingsSchema } = require(path.join(process.argv[2], "@roo-code", "types"));
let input = "";
process.stdin.on("data", (c) => (input += c));
process.stdin.on("end", () => {
  const res = customModesSettingsSchema.safeParse(JSON.parse(input));
  const out = { ok: res.success, issues: [], modes: [] };
  if (!res.success) {
    out.issues = res.error.issues.map((i) => i.path.join(".") + ": " + i.message);
  } else {
    out.modes = res.data.customModes.map((m) => ({ slug: m.slug, groups: m.groups.map((g) => (Array.isArray(g) ? g[0] : g)) }));
  }
  process.stdout.write(JSON.stringify(out));
});
