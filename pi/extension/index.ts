// agentmgr's pi extension: every tool call of this pi session is decided by agentmgr.
//
// Written by `agentmgr pi install`; `agentmgr pi uninstall` removes it. Do not edit: a
// reinstall overwrites it. It starts one `agentmgr serve --stdio` child per session and asks it
// about every tool call, the active persona (hidden tools, system prompt) and switches. While
// it cannot reach the child it blocks every call with the reason (fail closed).
//
// Only pi's extension API and Node's own modules are used; the import below is erased.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { spawn, type ChildProcess } from "node:child_process";

// Filled in at install time.
const BINARY: string = /*agentmgr:binary*/ "agentmgr";
const VERSION: string = /*agentmgr:version*/ "dev";

// How long an answer may take; a forward to the app waits as long as serve says in hello.
const ANSWER_MS = 5000;
const STDERR_KEEP = 2000;

type Answer = Record<string, any>;

// A pi-subagents foreground child is a session inside the parent's pi process, with its own
// copy of this extension. It asks its parent's person through this process-global registry
// (no files): the parent's copy registers its dialog under its session id.
type ParentUI = {
	select: (title: string, options: string[]) => Promise<string | undefined>;
	input?: (title: string, placeholder?: string) => Promise<string | undefined>;
};
const PARENTS = Symbol.for("agentmgr.pi.parents.v1");
const parents: Map<string, ParentUI> = ((globalThis as any)[PARENTS] ??= new Map<string, ParentUI>());

// A child's session is named subagent-<agent>-<runId>-<n> by pi-subagents, and its system
// prompt starts with <active_agent name="<agent>"/>.
const CHILD_NAME = /^subagent-(.+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d+$/;
const CHILD_TAG = /<active_agent name="([^"]+)"\s*\/>/;

// A child's chain, when known from the spawn that started it, is that spawn's chain and then
// the subagent.
export type Child = { subagent: string; parent: string; chain?: string[] };

// Subagent calls in flight, of every session in the process: a nested child finds the agents
// that started it here (pi-subagents names only the root session as its parent), so that it is
// decided by every persona on its chain. An Agent call (@tintinweb/pi-subagents) is kept until
// its child ends, since a background child starts after the call returns: its child claims it
// (child), and its agent id (id) comes with the call's result.
export type Spawn = {
	session: string; call: string; chain: string[]; agents: string[];
	tool?: string; at?: number; pid?: number; child?: string; id?: string;
};
const SPAWNS = Symbol.for("agentmgr.pi.spawns.v1");
const spawns: Spawn[] = ((globalThis as any)[SPAWNS] ??= []);

// spawnedAgents are the agents a subagent call starts; "*" when it names none (a workflow).
export function spawnedAgents(input: any): string[] {
	const out: string[] = [];
	const add = (a: unknown) => {
		if (typeof a === "string" && a && !out.includes(a)) out.push(a);
	};
	add(input?.agent);
	add(input?.subagent_type);
	for (const list of [input?.tasks, input?.chain]) if (Array.isArray(list)) for (const t of list) add(t?.agent);
	return out.length > 0 ? out : ["*"];
}

// chainFrom is the chain of a child of subagent, started by one of the spawns in flight:
// the chains of every spawn that may have started it (the strictest reading when several
// may have), then the subagent.
export function chainFrom(inFlight: Spawn[], session: string, subagent: string): string[] {
	const outer: string[] = [];
	for (const sp of inFlight) {
		if (sp.session === session || !(sp.agents.includes(subagent) || sp.agents.includes("*"))) continue;
		for (const n of sp.chain) if (!outer.includes(n)) outer.push(n);
	}
	return [...outer.filter((n) => n !== subagent), subagent];
}

// childOf tells whether the session is a pi-subagents child, from its name or its prompt's
// tag, and names its parent session (PI_SUBAGENT_PARENT_SESSION, which the parent's process
// holds too: there it is the parent's own id).
export function childOf(sessionName: string | undefined, tagged: string | undefined, sessionId: string, parentEnv: string | undefined): Child | undefined {
	const m = sessionName ? CHILD_NAME.exec(sessionName) : null;
	const subagent = m?.[1] ?? tagged;
	if (!subagent) return undefined;
	const parent = parentEnv && parentEnv !== sessionId ? parentEnv : "";
	return { subagent, parent };
}

type Waiting = { resolve: (a: Answer) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> };

// Serve is the one long-lived `agentmgr serve --stdio` child, started on first use and again
// after it died.
export class Serve {
	private child: ChildProcess | undefined;
	private waiting = new Map<number, Waiting>();
	private nextId = 1;
	private buffer = "";
	private stderr = "";
	forwardMs = 130000;
	served = "";

	private start(): ChildProcess {
		const child = spawn(BINARY, ["serve", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
		this.child = child;
		this.buffer = "";
		child.stdout!.setEncoding("utf8");
		child.stdout!.on("data", (chunk: string) => this.read(chunk));
		child.stderr!.setEncoding("utf8");
		child.stderr!.on("data", (chunk: string) => {
			this.stderr = (this.stderr + chunk).slice(-STDERR_KEEP);
		});
		const gone = (why: string) => {
			if (this.child !== child) return;
			this.child = undefined;
			const last = this.stderr.trim().split("\n").pop();
			this.failAll(`agentmgr serve (${BINARY}) ${why}${last ? ": " + last : ""}`);
		};
		child.on("error", (err: Error) => gone(`could not run: ${err.message}; run \`agentmgr pi install\` again`));
		child.on("exit", (code: number | null, signal: string | null) => gone(signal ? `was killed (${signal})` : `exited (status ${code})`));
		child.stdin!.on("error", () => {}); // a dead child's pipe: reported by "exit"
		return child;
	}

	// read splits serve's output on LF only: JSON strings may hold U+2028, which readline
	// would take for a line end.
	private read(chunk: string) {
		this.buffer += chunk;
		let nl: number;
		while ((nl = this.buffer.indexOf("\n")) >= 0) {
			const line = this.buffer.slice(0, nl);
			this.buffer = this.buffer.slice(nl + 1);
			let a: Answer;
			try {
				a = JSON.parse(line);
			} catch {
				this.failAll(`agentmgr serve sent a malformed answer: ${line.slice(0, 200)}`);
				continue;
			}
			const w = typeof a?.id === "number" ? this.waiting.get(a.id) : undefined;
			if (!w) {
				this.failAll(`agentmgr serve answered a question nobody asked: ${line.slice(0, 200)}`);
				continue;
			}
			this.waiting.delete(a.id);
			clearTimeout(w.timer);
			if (typeof a.error === "string") w.reject(new Error(`agentmgr serve: ${a.error}`));
			else w.resolve(a);
		}
	}

	private failAll(why: string) {
		for (const [id, w] of this.waiting) {
			clearTimeout(w.timer);
			w.reject(new Error(why));
			this.waiting.delete(id);
		}
	}

	// ask sends one request and waits for its answer, at most ms.
	async ask(type: string, fields: Record<string, unknown>, ms = ANSWER_MS): Promise<Answer> {
		let child = this.child;
		if (!child) {
			child = this.start();
			const hello = await this.send(child, "hello", { version: VERSION }, ANSWER_MS);
			this.served = String(hello.version ?? "");
			if (typeof hello.forwardMs === "number") this.forwardMs = hello.forwardMs;
		}
		return this.send(child, type, fields, ms);
	}

	private send(child: ChildProcess, type: string, fields: Record<string, unknown>, ms: number): Promise<Answer> {
		const id = this.nextId++;
		return new Promise<Answer>((resolve, reject) => {
			const timer = setTimeout(() => {
				this.waiting.delete(id);
				reject(new Error(`agentmgr serve gave no answer within ${ms / 1000} s; it is restarted for the next call`));
				// A hung child is replaced: the next request starts a fresh one.
				if (this.child === child) {
					this.child = undefined;
					child.kill();
				}
			}, ms);
			this.waiting.set(id, { resolve, reject, timer });
			child.stdin!.write(JSON.stringify({ id, type, ...fields }) + "\n");
		});
	}

	stop() {
		const child = this.child;
		this.child = undefined;
		this.failAll("the pi session ended");
		child?.stdin?.end(); // serve exits when its input ends
	}
}

export default async function agentmgr(pi: ExtensionAPI) {
	const serve = new Serve();
	// baseline is what would be active without agentmgr: the tools active before it hid any,
	// kept up to date with what others switch on or off, so that switching back restores them.
	let baseline: string[] | undefined;
	let applied: string[] | undefined;
	let current: string | undefined;
	let warned = false;
	// The subagent named by the <active_agent> tag of this session's system prompt, if any.
	let tagged: string | undefined;
	let registered: string | undefined;
	// The skills the system prompt lists, read before each run.
	let skills: Skill[] = [];

	// A link to the parent, once found, holds for the session.
	let linked: Child | undefined;
	const child = (ctx: any): Child | undefined => {
		if (linked) {
			// The prompt's tag, read after the link was made, names the subagent best.
			if (tagged && linked.subagent !== tagged)
				linked = { ...linked, subagent: tagged, chain: linked.chain ? [...linked.chain.slice(0, -1), tagged] : undefined };
			return linked;
		}
		const name = pi.getSessionName?.() ?? ctx?.sessionManager?.getSessionName?.();
		const found = childOf(name, tagged, ctx.sessionManager.getSessionId(), process.env.PI_SUBAGENT_PARENT_SESSION);
		linked = linkChild(ctx.sessionManager.getSessionId(), name, found);
		return linked ?? found;
	};
	// The chain is read once, while the call that started this child is still in flight.
	let chain: string[] | undefined;
	const chainOf = (ctx: any, ch: Child): string[] =>
		(chain ??= ch.chain ?? chainFrom(spawns, ctx.sessionManager.getSessionId(), ch.subagent));
	const childFields = (ctx: any): Record<string, unknown> => {
		const ch = child(ctx);
		return ch ? { subagent: ch.subagent, parent: ch.parent, subagents: chainOf(ctx, ch) } : {};
	};
	// register offers this session's dialog to its children; only a session with a UI can.
	const register = (ctx: any) => {
		if (!ctx?.hasUI || child(ctx)) return;
		const id = ctx.sessionManager.getSessionId();
		if (registered === id) return;
		if (registered) parents.delete(registered);
		registered = id;
		parents.set(id, { select: (title, options) => ctx.ui.select(title, options), input: (title, placeholder) => ctx.ui.input(title, placeholder) });
	};

	const allTools = () => pi.getAllTools().map((t: any) => t.name as string);

	// apply hides what the persona hides and tells the person when the agent changed.
	const apply = (a: Answer, ctx: any) => {
		const active = pi.getActiveTools();
		if (!baseline) baseline = [...active];
		else if (applied) {
			for (const t of active) if (!applied.includes(t) && !baseline.includes(t)) baseline.push(t);
			baseline = baseline.filter((t) => active.includes(t) || !applied!.includes(t));
		}
		const hidden: string[] = Array.isArray(a.hidden) ? a.hidden : [];
		const next = baseline.filter((t) => !hidden.includes(t));
		pi.setActiveTools(next);
		applied = next;
		if (current !== undefined && current !== a.name && ctx?.hasUI) ctx.ui.notify(`Agent → ${a.label}`, "info");
		current = a.name;
		// A lasting mark of the active persona in pi's footer.
		if (ctx?.hasUI) ctx.ui.setStatus?.("agentmgr", `agent: ${a.label}`);
		if (!warned && ctx?.hasUI) {
			warned = true;
			if (serve.served && serve.served !== VERSION)
				ctx.ui.notify(`agentmgr: this pi extension was installed by agentmgr ${VERSION}, but ${BINARY} is ${serve.served}; run \`agentmgr pi install\` to update it`, "warning");
			for (const w of a.warnings ?? []) ctx.ui.notify(`agentmgr: ${w}`, "warning");
		}
	};

	const use = async (ctx: any, fields: Record<string, unknown>) => {
		try {
			apply(await serve.ask("use", { cwd: ctx.cwd, tools: allTools(), ...fields }), ctx);
		} catch (err: any) {
			ctx.ui.notify(String(err?.message ?? err), "error");
		}
	};

	const picker = async (ctx: any) => {
		let list: Answer;
		try {
			list = await serve.ask("agents", { cwd: ctx.cwd });
		} catch (err: any) {
			ctx.ui.notify(String(err?.message ?? err), "error");
			return;
		}
		const agents: Answer[] = list.agents ?? [];
		if (!ctx.hasUI) {
			return;
		}
		const labels = agents.map((a) => `${a.label}${a.name === list.active ? " (active)" : ""} — ${a.description}`);
		const choice = await ctx.ui.select("Switch agent", labels);
		const i = choice === undefined ? -1 : labels.indexOf(choice);
		if (i >= 0) await use(ctx, { name: agents[i].name });
	};

	pi.registerCommand("agent", {
		description: "Show the active agent, or switch to NAME (agentmgr)",
		handler: async (args: string, ctx: any) => {
			const name = (args ?? "").trim();
			if (name) return use(ctx, { name });
			try {
				const a = await serve.ask("agent", { cwd: ctx.cwd, tools: allTools() });
				ctx.ui.notify(`Agent: ${a.label} — ${a.description}`, "info");
			} catch (err: any) {
				ctx.ui.notify(String(err?.message ?? err), "error");
			}
		},
	});
	pi.registerCommand("agents", { description: "Pick the active agent (agentmgr)", handler: async (_args: string, ctx: any) => picker(ctx) });
	pi.registerCommand("agent-policy", {
		description: "Show the rules that decide this session's calls, and where each is written (agentmgr)",
		handler: async (_args: string, ctx: any) => showPolicy(serve, ctx, { session: ctx.sessionManager.getSessionId(), ...childFields(ctx) }),
	});

	// The switching keys come from keybindings.json (piAgentManager.*), read by serve.
	try {
		const a = await serve.ask("agent", { cwd: process.cwd(), tools: [] });
		const keys: Record<string, string[]> = a.keys ?? {};
		const actions: [string, string, (ctx: any) => Promise<void>][] = [
			["piAgentManager.next", "Switch to the next agent", (ctx) => use(ctx, { step: 1 })],
			["piAgentManager.previous", "Switch to the previous agent", (ctx) => use(ctx, { step: -1 })],
			["piAgentManager.picker", "Open the agent picker", picker],
		];
		for (const [id, description, handler] of actions)
			for (const key of keys[id] ?? []) pi.registerShortcut(key as any, { description, handler });
	} catch {
		// No keys without serve; every call is blocked meanwhile and says why.
	}

	followChildren(pi);
	pi.on("session_start", async (_event: any, ctx: any) => {
		// A child claims the spawn that started it now, before its parent's call can end.
		child(ctx);
		register(ctx);
		try {
			apply(await serve.ask("agent", { cwd: ctx.cwd, tools: allTools(), ...childFields(ctx) }), ctx);
		} catch (err: any) {
			if (ctx.hasUI) ctx.ui.notify(`agentmgr: ${err?.message ?? err}; tool calls are blocked until it answers`, "error");
		}
	});

	// Before every run: follow a switch made outside pi, and give the model the persona and its
	// permission envelope.
	pi.on("before_agent_start", async (event: any, ctx: any) => {
		tagged = CHILD_TAG.exec(String(event.systemPrompt ?? ""))?.[1] ?? tagged;
		register(ctx);
		let a: Answer;
		skills = skillEntries(String(event.systemPrompt ?? ""));
		try {
			a = await serve.ask("agent", { cwd: ctx.cwd, tools: allTools(), skills: skills.map((k) => k.name), ...childFields(ctx) });
		} catch (err: any) {
			if (ctx.hasUI) ctx.ui.notify(`agentmgr: ${err?.message ?? err}; tool calls are blocked until it answers`, "error");
			return;
		}
		apply(a, ctx);
		const shown = hideSkills(String(event.systemPrompt ?? ""), Array.isArray(a.deniedSkills) ? a.deniedSkills : []);
		if (typeof a.prompt === "string" && a.prompt) return { systemPrompt: `${shown}\n\n${a.prompt}` };
		if (shown !== event.systemPrompt) return { systemPrompt: shown };
	});

	// The skill key gates /skill:NAME and the reading of a skill's files (skillGate).
	pi.on("input", async (event: any, ctx: any) => {
		const name = skillOfInput(String(event?.text ?? ""));
		if (!name) return { action: "continue" };
		const blocked = await skillGate(serve, ctx, name);
		if (!blocked) return { action: "continue" };
		if (ctx.hasUI) ctx.ui.notify(`agentmgr: ${blocked}`, "warning");
		return { action: "handled" };
	});

	pi.on("tool_call", async (event: any, ctx: any) => {
		const skill = skillOfRead(event.toolName, event.input, skills, ctx.cwd);
		if (skill) {
			const blocked = await skillGate(serve, ctx, skill);
			if (blocked) return { block: true, reason: blocked };
		}
		const ch = child(ctx);
		const source = pi.getAllTools().find((t: any) => t.name === event.toolName)?.sourceInfo?.path;
		const call = {
			cwd: ctx.cwd, session: ctx.sessionManager.getSessionId(), tool: event.toolName, input: event.input,
			...childFields(ctx), ...runningChild(event.toolName, event.input),
			// Where the tool comes from: a subagent tool of an extension agentmgr does not know asks.
			toolSource: typeof source === "string" && source ? source : "(an extension pi names no file of)",
		};
		// A subagent call that runs is remembered while it runs, for the children it starts.
		const spawning = () => {
			if (SPAWN_TOOLS.includes(event.toolName))
				spawns.push({
					session: call.session, call: String(event.toolCallId), chain: ch ? chainOf(ctx, ch) : [], agents: spawnedAgents(event.input),
					tool: event.toolName, at: Date.now(), pid: process.pid,
				});
		};
		try {
			const d = await serve.ask("decide", call);
			if (d.action === "allow") return spawning();
			if (d.action === "deny") return { block: true, reason: String(d.reason) };
			if (d.action !== "ask" || typeof d.request !== "string")
				return { block: true, reason: `agentmgr: serve answered ${JSON.stringify(d.action)}, which is not allow; the call is blocked` };
			// A child asks its parent's person in the parent's dialog; without one, the app's
			// inbox, which denies after a short grace when nobody serves it.
			const up = ch?.parent ? parents.get(ch.parent) : undefined;
			const answer = up && ch
				? await childDialog(up, ch, serve, d)
				: ctx.hasUI ? await dialog(ctx, serve, d) : await serve.ask("forward", { request: d.request }, serve.forwardMs);
			if (answer.action === "allow") return spawning();
			return { block: true, reason: String(answer.reason) };
		} catch (err: any) {
			return { block: true, reason: `agentmgr blocked the call: ${err?.message ?? err}` };
		}
	});

	pi.on("tool_result", async (event: any, ctx: any) => {
		spawnEnded(ctx.sessionManager.getSessionId(), String(event.toolCallId), event.details);
	});

	pi.on("session_shutdown", async (_event: any, ctx: any) => {
		const session = ctx?.sessionManager?.getSessionId?.();
		for (let i = spawns.length - 1; i >= 0; i--) if (spawns[i].session === session) spawns.splice(i, 1);
		if (registered) parents.delete(registered);
		registered = undefined;
		serve.stop();
	});
}

// dialog asks the person in pi's own dialog and tells serve the answer.
async function dialog(ctx: any, serve: Serve, d: Answer): Promise<Answer> {
	const suggestions: string[] = d.suggestions ?? [];
	const once = "Allow once";
	const always = `Always allow ${d.permission} ${suggestions.map((s) => JSON.stringify(s)).join(", ")} in this session`;
	const reject = "Reject";
	const options = suggestions.length > 0 ? [once, always, reject, REJECT_WHY] : [once, reject, REJECT_WHY];
	const title = `${d.agent ?? "agentmgr"} asks: ${d.permission} ${JSON.stringify(d.value)}\n${d.reason}`;
	const choice = await ctx.ui.select(title, options);
	if (choice === once) return serve.ask("reply", { request: d.request, reply: "once" });
	if (choice === always) return serve.ask("reply", { request: d.request, reply: "always" });
	return serve.ask("reply", { request: d.request, reply: "reject", ...(await rejectReason(choice, (t, p) => ctx.ui.input(t, p))) });
}

// A rejection the person explains: the reason goes to the model with the refusal.
const REJECT_WHY = "Reject, with a reason for the agent…";

// rejectReason asks for the reason when the person chose REJECT_WHY; a closed or empty input
// rejects without one.
async function rejectReason(choice: string | undefined, input?: (title: string, placeholder?: string) => Promise<string | undefined>): Promise<{ message?: string }> {
	if (choice !== REJECT_WHY || !input) return {};
	const why = (await input("Why is the call rejected? (the agent reads this)", "e.g. use the test database instead"))?.trim();
	return why ? { message: why } : {};
}

// childDialog asks, in the parent's dialog, about a call of subagent ch, and tells the
// child's serve the answer: always stores the rule for this subagent of the parent session,
// or for the whole parent session (its children included).
export async function childDialog(up: ParentUI, ch: Child, serve: Serve, d: Answer): Promise<Answer> {
	const suggestions: string[] = d.suggestions ?? [];
	const once = "Allow once";
	const sub = "Always, this subagent";
	const all = "Always, the whole session";
	const reject = "Reject";
	const why = up.input ? [REJECT_WHY] : [];
	const options = suggestions.length > 0 ? [once, sub, all, reject, ...why] : [once, reject, ...why];
	const rule = suggestions.length > 0 ? ` (always: ${d.permission} ${suggestions.map((s) => JSON.stringify(s)).join(", ")})` : "";
	const title = `Subagent ${ch.subagent} (persona ${d.agent ?? "?"}) asks: ${d.permission} ${JSON.stringify(d.value)}${rule}\n${d.reason}`;
	const choice = await up.select(title, options);
	if (choice === once) return serve.ask("reply", { request: d.request, reply: "once" });
	if (choice === sub) return serve.ask("reply", { request: d.request, reply: "always", scope: "subagent" });
	if (choice === all) return serve.ask("reply", { request: d.request, reply: "always", scope: "session" });
	return serve.ask("reply", { request: d.request, reply: "reject", ...(await rejectReason(choice, up.input)) });
}

// ---- Subagent extensions: which calls start children, and how a child finds its parent ----
//
// pi-subagents starts children with `subagent` and names the parent in
// PI_SUBAGENT_PARENT_SESSION. @tintinweb/pi-subagents starts them with `Agent`, names a child's
// session `<type>#<id8>` and tags its system prompt, but names no parent: the child claims the
// Agent call that started it from the spawns in flight. Its @gotgenes fork announces each child
// on the parent's event bus (subagents:child:session-created {sessionId, parentSessionId},
// before the child binds its extensions; subagents:child:disposed when it goes): the parent's
// copy writes the link into a process-global map, where the child's copy (on another bus)
// reads it.

// The tools whose allowed calls start children.
const SPAWN_TOOLS = ["subagent", "Agent"];

// Child session id -> parent session id, from the fork's announcements.
const LINKS = Symbol.for("agentmgr.pi.links.v1");
const links: Map<string, string> = ((globalThis as any)[LINKS] ??= new Map<string, string>());

// Agent id -> subagent type of the background children started in this process, so that a
// later get_subagent_result or steer_subagent is decided on the child's type.
const TYPES = Symbol.for("agentmgr.pi.agent-types.v1");
const agentTypes: Map<string, string> = ((globalThis as any)[TYPES] ??= new Map<string, string>());

// A tintinweb child's session name: its type, "#", the first 8 characters of its agent id.
const AGENT_SESSION = /^(.+)#[0-9A-Za-z_-]{8}$/;

// agentTypeOf is the subagent type a tintinweb child's session name carries, if it has that form.
export function agentTypeOf(sessionName: string | undefined): string | undefined {
	return sessionName ? AGENT_SESSION.exec(sessionName)?.[1] : undefined;
}

// claimSpawn finds the Agent call of another session that started the child session named
// subagent, and marks it claimed: the oldest unclaimed one naming that type (in any case),
// else the oldest unclaimed one at all (an unknown type runs as general-purpose).
export function claimSpawn(inFlight: Spawn[], session: string, subagent: string): Spawn | undefined {
	const open = inFlight.filter((sp) => sp.tool === "Agent" && sp.session !== session && !sp.child);
	const byAge = (a: Spawn, b: Spawn) => (a.at ?? 0) - (b.at ?? 0);
	const named = open.filter((sp) => sp.agents.some((a) => a.toLowerCase() === subagent.toLowerCase())).sort(byAge);
	const sp = named[0] ?? open.sort(byAge)[0];
	if (sp) sp.child = session;
	return sp;
}

// linkChild links a session to its parent: by the fork's announcement, else, for a session
// that looks like a tintinweb child, by the Agent call it claims. found is what the session's
// name, prompt and environment said (pi-subagents' children, which need no claim).
export function linkChild(session: string, sessionName: string | undefined, found: Child | undefined): Child | undefined {
	const subagent = found?.subagent ?? agentTypeOf(sessionName);
	const parent = links.get(session);
	if (parent !== undefined && parent !== session) return { subagent: subagent ?? sessionName ?? "subagent", parent };
	if (!subagent || found?.parent) return undefined;
	const sp = claimSpawn(spawns, session, subagent);
	return sp ? { subagent, parent: sp.session, chain: [...sp.chain.filter((n) => n !== subagent), subagent] } : undefined;
}

// followChildren listens on this session's event bus for the fork's announcements and for
// the end of tintinweb's background children.
function followChildren(pi: ExtensionAPI) {
	const bus: any = (pi as any).events;
	if (!bus?.on) return;
	bus.on("subagents:child:session-created", (d: any) => {
		if (typeof d?.sessionId === "string" && typeof d?.parentSessionId === "string") links.set(d.sessionId, d.parentSessionId);
	});
	bus.on("subagents:child:disposed", (d: any) => {
		if (typeof d?.sessionId === "string") links.delete(d.sessionId);
	});
	const ended = (d: any) => {
		if (typeof d?.id !== "string") return;
		for (let i = spawns.length - 1; i >= 0; i--) if (spawns[i].id === d.id) spawns.splice(i, 1);
	};
	bus.on("subagents:completed", ended);
	bus.on("subagents:failed", ended);
}

// spawnEnded is the end of a call of this session: a spawn ends with it, but an Agent call that
// started a background child keeps its spawn, under the child's agent id, until the child ends.
function spawnEnded(session: string, call: string, details: any) {
	const i = spawns.findIndex((sp) => sp.session === session && sp.call === call);
	if (i < 0) return;
	const sp = spawns[i];
	const id = details?.agentId;
	if (sp.tool === "Agent" && typeof id === "string" && id) {
		agentTypes.set(id, sp.agents[0] ?? "");
		if (details?.status === "background") {
			sp.id = id;
			return;
		}
	}
	spawns.splice(i, 1);
}

// runningChild names the type of the child a get_subagent_result or steer_subagent call is
// about, as this process recorded it (or as tintinweb's manager, shared through its global
// registry, holds it), so that serve decides the call by task on it.
function runningChild(tool: string, input: any): { agentType?: string } {
	if (tool !== "get_subagent_result" && tool !== "steer_subagent") return {};
	const id = input?.agent_id;
	if (typeof id !== "string" || !id) return {};
	let type = agentTypes.get(id);
	if (!type) {
		try {
			type = (globalThis as any)[Symbol.for("pi-subagents:manager")]?.getRecord?.(id)?.type;
		} catch {
			type = undefined;
		}
	}
	return typeof type === "string" && type ? { agentType: type } : {};
}

// ---- The effective policy (/agent-policy) ----

// showPolicy tells the person which rules decide this session's calls, layer by layer, each
// with the file and line it is written on.
async function showPolicy(serve: Serve, ctx: any, fields: Record<string, unknown>) {
	try {
		const a = await serve.ask("policy", { cwd: ctx.cwd, ...fields });
		ctx.ui.notify(policyText(a.policy ?? {}), "info");
	} catch (err: any) {
		ctx.ui.notify(String(err?.message ?? err), "error");
	}
}

const LAYER_TITLES: Record<string, string> = {
	"builtin-guard": "Built-in guard",
	guard: "Guards (no persona loosens them)",
	caller: "Persona of the agent that started this subagent",
	persona: "Persona",
	session: "Session rules (allowed in this session; never over a deny)",
};

// policyText renders serve's policy answer: the strictest layer first; within a layer the last
// matching rule decides.
export function policyText(p: any): string {
	const out = [`agentmgr: the rules deciding this session's calls (persona ${p.agent ?? "?"}${p.yolo ? ", yolo: asks are allowed" : ""}).`,
		"The strictest layer wins; within a layer the last matching rule decides."];
	for (const l of p.layers ?? []) {
		out.push("", `${LAYER_TITLES[l.kind] ?? l.kind}${l.name ? ` ${l.name}` : ""}:`);
		if (l.summary) out.push(`  ${l.summary}`);
		else if (!l.rules?.length) out.push("  (none)");
		for (const r of l.rules ?? []) out.push(`  ${r.permission} ${JSON.stringify(r.pattern)} ${r.action}${r.where ? `  (${r.where})` : ""}`);
	}
	for (const w of p.problems ?? []) out.push("", `problem: ${w}`);
	return out.join("\n");
}

// ── Skills: the skill key ────────────────────────────────────────────────────────────────
// pi lists the skills in the system prompt (<available_skills><skill><name>, <location>); the
// agent reads a skill's SKILL.md and the files beside it, and the person runs one with
// /skill:NAME. agentmgr decides both under the skill key on the skill's name, and leaves the
// skills the persona denies out of the prompt.

export type Skill = { name: string; dir: string };

const SKILLS_SECTION = /<available_skills>([\s\S]*?)<\/available_skills>/g;
const SKILL_BLOCK = /\s*<skill>([\s\S]*?)<\/skill>/g;

function unXml(s: string): string {
	return s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&").trim();
}

function skillField(block: string, field: string): string {
	const m = new RegExp(`<${field}>([\\s\\S]*?)</${field}>`).exec(block);
	return m ? unXml(m[1]) : "";
}

// skillEntries are the skills the system prompt lists, each with the folder of its file.
export function skillEntries(prompt: string): Skill[] {
	const out: Skill[] = [];
	for (const section of prompt.matchAll(SKILLS_SECTION))
		for (const block of section[1].matchAll(SKILL_BLOCK)) {
			const name = skillField(block[1], "name");
			const location = skillField(block[1], "location");
			if (name && location) out.push({ name, dir: location.replace(/\/[^/]*$/, "") || "/" });
		}
	return out;
}

// hideSkills leaves the denied skills out of the prompt's skill lists.
export function hideSkills(prompt: string, denied: string[]): string {
	if (denied.length === 0) return prompt;
	return prompt.replace(SKILLS_SECTION, (section) =>
		section.replace(SKILL_BLOCK, (block, body) => (denied.includes(skillField(body, "name")) ? "" : block)));
}

// skillOfInput is the skill a /skill:NAME input runs, or undefined.
export function skillOfInput(text: string): string | undefined {
	const m = /^\/skill:(\S+)/.exec(text.trim());
	return m ? m[1] : undefined;
}

// skillOfRead is the skill whose folder a read call's path lies in, or undefined.
export function skillOfRead(tool: string, input: any, list: Skill[], cwd: string): string | undefined {
	if (tool !== "read" || typeof input?.path !== "string" || list.length === 0) return undefined;
	let p: string = input.path.replace(/^@/, "");
	if (p.startsWith("~/")) p = (process.env.HOME ?? "~") + p.slice(1);
	if (!p.startsWith("/")) p = `${cwd.replace(/\/$/, "")}/${p}`;
	const parts: string[] = [];
	for (const part of p.split("/")) {
		if (part === "..") parts.pop();
		else if (part && part !== ".") parts.push(part);
	}
	const abs = "/" + parts.join("/");
	return list.find((k) => abs === k.dir || abs.startsWith(k.dir.replace(/\/$/, "") + "/"))?.name;
}

// skillGate decides skill NAME: undefined when it may be used, else why not. An ask goes to the
// person's dialog, or without one to the app's inbox, as a tool call's does.
async function skillGate(serve: Serve, ctx: any, name: string): Promise<string | undefined> {
	try {
		let d = await serve.ask("decide", { cwd: ctx.cwd, session: ctx.sessionManager.getSessionId(), tool: "skill", value: name });
		if (d.action === "ask" && typeof d.request === "string")
			d = ctx.hasUI ? await dialog(ctx, serve, d) : await serve.ask("forward", { request: d.request }, serve.forwardMs);
		return d.action === "allow" ? undefined : String(d.reason ?? `agentmgr: the skill ${name} is not allowed`);
	} catch (err: any) {
		return `agentmgr blocked the skill ${name}: ${err?.message ?? err}`;
	}
}
