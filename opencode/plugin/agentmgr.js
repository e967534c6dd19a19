// agentmgr's OpenCode plugin: every tool call of OpenCode is decided by agentmgr.
//
// Written by `agentmgr opencode install`; `agentmgr opencode uninstall` removes it. Do not
// edit: a reinstall overwrites it. It starts one `agentmgr serve --stdio` child and asks it
// about every tool call before OpenCode runs it: allow runs, deny blocks with agentmgr's
// reason (the model reads it), ask goes to the person in the agentmgr app, and is blocked
// with the reason when nobody is there. While it cannot reach the child, or the child
// answers late or with nonsense, it blocks every call with the reason (fail closed).
//
// Only Node's own modules are used: OpenCode loads this file as it is.
import { spawn } from "node:child_process";

// Filled in at install time.
const BINARY = /*agentmgr:binary*/ "agentmgr";
const VERSION = /*agentmgr:version*/ "dev";

// How long an answer may take; a forward to the app waits as long as serve says in hello.
const ANSWER_MS = 5000;
const STDERR_KEEP = 2000;

// Serve is the one long-lived `agentmgr serve --stdio` child, started on first use and again
// after it died.
class Serve {
	child = undefined;
	waiting = new Map();
	nextId = 1;
	buffer = "";
	stderr = "";
	forwardMs = 130000;
	served = "";

	start() {
		const child = spawn(BINARY, ["serve", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
		this.child = child;
		this.buffer = "";
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk) => this.read(chunk));
		child.stderr.setEncoding("utf8");
		child.stderr.on("data", (chunk) => {
			this.stderr = (this.stderr + chunk).slice(-STDERR_KEEP);
		});
		const gone = (why) => {
			if (this.child !== child) return;
			this.child = undefined;
			const last = this.stderr.trim().split("\n").pop();
			this.failAll(`agentmgr serve (${BINARY}) ${why}${last ? ": " + last : ""}`);
		};
		child.on("error", (err) => gone(`could not run: ${err.message}; run \`agentmgr opencode install\` again`));
		child.on("exit", (code, signal) => gone(signal ? `was killed (${signal})` : `exited (status ${code})`));
		child.stdin.on("error", () => {}); // a dead child's pipe: reported by "exit"
		// serve must not keep OpenCode alive after its run ended; it exits when its input ends.
		child.unref();
		child.stdout.unref?.();
		child.stderr.unref?.();
		child.stdin.unref?.();
		return child;
	}

	// read splits serve's output on LF only: JSON strings may hold U+2028, which a line
	// reader would take for a line end.
	read(chunk) {
		this.buffer += chunk;
		let nl;
		while ((nl = this.buffer.indexOf("\n")) >= 0) {
			const line = this.buffer.slice(0, nl);
			this.buffer = this.buffer.slice(nl + 1);
			let a;
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

	failAll(why) {
		for (const [id, w] of this.waiting) {
			clearTimeout(w.timer);
			w.reject(new Error(why));
			this.waiting.delete(id);
		}
	}

	// ask sends one request and waits for its answer, at most ms.
	async ask(type, fields, ms = ANSWER_MS) {
		let child = this.child;
		if (!child) {
			child = this.start();
			const hello = await this.send(child, "hello", { version: VERSION }, ANSWER_MS);
			this.served = String(hello.version ?? "");
			if (typeof hello.forwardMs === "number") this.forwardMs = hello.forwardMs;
		}
		return this.send(child, type, fields, ms);
	}

	send(child, type, fields, ms) {
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
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
			child.stdin.write(JSON.stringify({ id, type, ...fields }) + "\n");
		});
	}
}

// Blocked is a call agentmgr did not allow; its message is what the model reads.
class Blocked extends Error {}

export const AgentmgrPlugin = async ({ client, directory }) => {
	const serve = new Serve();
	// OpenCode tells the agent of a session with each model request, and a subagent's session
	// names its caller's as parent: together they are the chain of agents a call runs under.
	const agents = new Map();
	const parents = new Map();

	const parentOf = async (sessionID) => {
		if (parents.has(sessionID)) return parents.get(sessionID);
		const res = await client.session.get({ path: { id: sessionID } });
		if (!res?.data) throw new Blocked(`agentmgr cannot tell which session ${sessionID} is, so it cannot tell which agent calls`);
		parents.set(sessionID, res.data.parentID ?? "");
		return res.data.parentID ?? "";
	};

	// chainOf lists the agents from the session's first one down to the calling one.
	const chainOf = async (sessionID) => {
		const ids = [];
		for (let id = sessionID; id; id = await parentOf(id)) {
			if (ids.includes(id) || ids.length >= 32) throw new Blocked(`agentmgr found no end to the callers of session ${sessionID}; the call is blocked`);
			ids.unshift(id);
		}
		const chain = ids.map((id) => agents.get(id));
		// A session OpenCode has not named an agent for is decided by the active persona; a
		// subagent's would escape its own persona, so it fails closed.
		if (chain.length === 1 && !chain[0]) return [];
		const unknown = ids.find((id) => !agents.get(id));
		if (unknown) throw new Blocked(`agentmgr cannot tell which agent runs session ${unknown}; the call is blocked`);
		return chain;
	};

	// askPerson puts an ask to the person in the agentmgr app; with nobody there, serve denies
	// it with the reason. OpenCode 1.18.33 has no permission prompt a plugin can open: the
	// permission.ask hook of its plugin types is never called.
	const askPerson = (d) => serve.ask("forward", { request: d.request }, serve.forwardMs);

	return {
		"chat.params": async (input) => {
			if (typeof input?.agent === "string" && input.agent) agents.set(input.sessionID, input.agent);
			else if (typeof input?.agent?.name === "string") agents.set(input.sessionID, input.agent.name);
		},
		"chat.message": async (input) => {
			if (typeof input?.agent === "string" && input.agent) agents.set(input.sessionID, input.agent);
		},
		event: async ({ event }) => {
			const info = event?.properties?.info;
			if ((event?.type === "session.created" || event?.type === "session.updated") && typeof info?.id === "string")
				parents.set(info.id, info.parentID ?? "");
		},
		"tool.execute.before": async (input, output) => {
			let d;
			try {
				const chain = await chainOf(input.sessionID);
				d = await serve.ask("decide", {
					cwd: directory, session: input.sessionID, runtime: "opencode", chain, tool: input.tool, input: output?.args ?? null,
				});
				if (d.action === "ask" && typeof d.request === "string") d = await askPerson(d);
			} catch (err) {
				if (err instanceof Blocked) throw err;
				throw new Blocked(`agentmgr blocked the call: ${err?.message ?? err}`);
			}
			if (d.action === "allow") return;
			if (d.action === "deny") throw new Blocked(String(d.reason));
			throw new Blocked(`agentmgr: serve answered ${JSON.stringify(d.action)}, which is not allow; the call is blocked`);
		},
	};
};
