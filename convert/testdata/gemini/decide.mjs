// Decides tool calls with Gemini CLI's own policy engine, as Gemini builds it: the default
// policies of its bundle, then the user tier (GEMINI_CLI_HOME/.gemini/policies/*.toml).
//
//   node decide.mjs BUNDLE_DIR < calls.json
//
// calls.json is a list of {"name": TOOL, "args": {...}}; the answer, on standard output, is
// {"errors": [the loader's messages for the user tier], "decisions": ["allow"|"deny"|"ask_user", ...]}.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bundle = process.argv[2];
const core = fs.readdirSync(bundle).filter((f) => /^core-.*\.js$/.test(f)).sort()[0];
if (!core) {
  console.error(`no core-*.js in ${bundle}`);
  process.exit(2);
}
// The engine logs each match on the console; only the answer goes to standard output.
const out = process.stdout.write.bind(process.stdout);
console.log = console.debug = console.info = console.warn = () => {};
const g = await import(pathToFileURL(path.join(bundle, core)).href);

const calls = JSON.parse(fs.readFileSync(0, 'utf8'));
const userDir = g.Storage.getUserPoliciesDir();
const loaded = await g.loadPoliciesFromToml([userDir], () => g.USER_POLICY_TIER);
const config = await g.createPolicyEngineConfig({}, 'default', path.join(bundle, 'policies'), true);
const workspace = process.cwd();
const engine = new g.PolicyEngine({
  ...config,
  sandboxManager: new g.NoopSandboxManager({ workspace }),
  isTrustedFolder: () => true,
});
const decisions = [];
for (const call of calls) {
  const r = await engine.check({ name: call.name, args: call.args }, undefined);
  decisions.push(r.decision);
}
out(JSON.stringify({
  errors: loaded.errors.map((e) => `${e.fileName}: ${e.message}: ${e.details ?? ''}`),
  rules: loaded.rules.length,
  decisions,
}) + '\n', () => process.exit(0));
