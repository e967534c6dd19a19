// Decides pi tool calls with pi-permission-system's own extension code, unmodified, driven as pi
// drives it: the extension's factory gets a stand-in of pi's API, then session_start and one
// tool_call event per call. The configuration is what the files say: the global config under
// PI_CODING_AGENT_DIR, the project's under the working directory, agent frontmatter in the
// agents folders.
//
//   node decide.mjs PACKAGE_DIR < cases.json
//
// cases.json is a list of {"home": DIR, "agentDir": DIR, "cwd": DIR, "agent": NAME or "", "calls":
// [{"tool": T, "input": {...}}, ...]}; the extension is loaded once and started afresh for each
// case, with HOME and PI_CODING_AGENT_DIR set to the case's.
// The dialog answers "Yes" (once) to every question, so every gate of a call runs; a call is
// "deny" when a gate denied it by policy (or the extension blocked it otherwise), "ask" when a
// gate asked, "allow" when none did. The answer, on standard output, is
// [{"decisions": [{"action", "gates": [{"surface", "value", "resolution"}]}]}, ...], one per case.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const pkg = process.argv[2];
const require = createRequire(path.join(pkg, 'package.json'));
const { createJiti } = require('jiti');
const out = process.stdout.write.bind(process.stdout);
console.log = console.debug = console.info = console.warn = () => {};

// decideCase starts the extension on one case's files and decides its calls.
async function decideCase(factory, req) {
	const listeners = new Map();
	const events = {
	  emit(channel, data) {
	    for (const h of listeners.get(channel) ?? []) h(data);
	  },
	  on(channel, h) {
	    if (!listeners.has(channel)) listeners.set(channel, []);
	    listeners.get(channel).push(h);
	    return () => {};
	  },
	};
	const tools = [...new Set(['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls', ...req.calls.map((c) => c.tool)])];
	const handlers = {};
	const noop = () => undefined;
	const pi = new Proxy(
	  {
	    events,
	    on(name, h) {
	      handlers[name] = h;
	    },
	    getAllTools: () => tools.map((name) => ({ name, description: name })),
	    getActiveTools: () => [...tools],
	    setActiveTools: noop,
	  },
	  { get: (t, k) => (k in t ? t[k] : noop) },
	);
	factory(pi);

	let asked = false;
	const entries = req.agent ? [{ type: 'custom', customType: 'active_agent', data: { name: req.agent } }] : [];
	const ui = new Proxy(
	  {
	    async select(_title, options) {
	      asked = true;
	      return options[0];
	    },
	    async confirm() {
	      asked = true;
	      return true;
	    },
	    input: async () => undefined,
	  },
	  { get: (t, k) => (k in t ? t[k] : noop) },
	);
	const ctx = new Proxy(
	  {
	    cwd: req.cwd,
	    hasUI: true,
	    mode: 'rpc',
	    ui,
	    sessionManager: new Proxy(
	      { getEntries: () => entries, getSessionId: () => 'oracle', getSessionFile: () => undefined },
	      { get: (t, k) => (k in t ? t[k] : noop) },
	    ),
	  },
	  { get: (t, k) => (k in t ? t[k] : noop) },
	);

	let gates = [];
	events.on('permissions:decision', (e) => gates.push({ surface: e.surface, value: e.value, resolution: e.resolution }));
	await handlers.session_start({ reason: 'startup' }, ctx);
	if (handlers.before_agent_start) {
	  const prompt = req.agent ? `<active_agent name="${req.agent}"/>` : '';
	  await handlers.before_agent_start({ prompt: '', systemPrompt: prompt }, ctx);
	}

	const decisions = [];
	let n = 0;
	for (const call of req.calls) {
	  gates = [];
	  asked = false;
	  let action;
	  if (call.tool === '/input') {
	    const r = await handlers.input({ text: call.input.text, source: 'interactive' }, ctx);
	    action = r && r.action === 'handled' ? 'deny' : asked ? 'ask' : 'allow';
	  } else {
	    const r = await handlers.tool_call({ type: 'tool_call', toolCallId: `c${n++}`, toolName: call.tool, input: call.input }, ctx);
	    const denied = gates.some((g) => g.resolution === 'policy_deny') || (r && r.block);
	    action = denied ? 'deny' : asked ? 'ask' : 'allow';
	  }
	  decisions.push({ action, gates });
	}
	return { decisions };
}

const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
const jiti = createJiti(path.join(pkg, 'src', 'index.ts'), { moduleCache: false });
const factory = (await jiti.import(path.join(pkg, 'src', 'index.ts'))).default;
const answers = [];
for (const c of cases) {
	process.env.PI_CODING_AGENT_DIR = c.agentDir;
	if (c.home) process.env.HOME = c.home;
	answers.push(await decideCase(factory, c));
}
out(JSON.stringify(answers) + '\n', () => process.exit(0));
