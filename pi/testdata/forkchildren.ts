// A test-only pi extension standing in for the @gotgenes/pi-subagents fork's lifecycle: it starts
// a child session inside this pi process, as the fork does, and announces it on this session's
// event bus before the child binds its extensions (subagents:child:session-created
// {sessionId, parentSessionId}), then subagents:child:disposed when it is done.
//
// It starts the child from a command, not a tool call, so that no spawn is in flight: the child
// can only find its parent through the announcement.
//
//   /fork-spawn <agent> <prompt>   runs a child tagged <agent> on prompt (the faux model's
//                                  script, e.g. CALL bash {...}); notifies "fork child done:
//                                  isError=<bool> <result text>"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { createAgentSession, DefaultResourceLoader, getAgentDir, SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	pi.registerCommand("fork-spawn", {
		description: "Start a child session as the @gotgenes fork does (test only)",
		handler: async (args: string, ctx: any) => {
			const text = (args ?? "").trim();
			const space = text.indexOf(" ");
			const agent = text.slice(0, space);
			const prompt = text.slice(space + 1);
			const agentDir = getAgentDir();
			const loader = new DefaultResourceLoader({
				cwd: ctx.cwd, agentDir, noSkills: true, noPromptTemplates: true, noThemes: true, noContextFiles: true,
				systemPromptOverride: () => `<active_agent name="${agent}"/>\n\nDo the task.`,
				appendSystemPromptOverride: () => [],
			});
			await loader.reload();
			const { session } = await createAgentSession({
				cwd: ctx.cwd, agentDir, sessionManager: SessionManager.inMemory(ctx.cwd), settingsManager: SettingsManager.create(ctx.cwd, agentDir),
				modelRegistry: ctx.modelRegistry, model: ctx.model, tools: ["read", "bash"], resourceLoader: loader,
			});
			session.setSessionName(agent);
			const sessionId = session.sessionId;
			pi.events.emit("subagents:child:session-created", { sessionId, parentSessionId: ctx.sessionManager.getSessionId() });
			await session.bindExtensions({});
			let result = "no tool ran";
			session.subscribe((ev: any) => {
				if (ev.type !== "tool_execution_end") return;
				const out = (ev.result?.content ?? []).map((c: any) => c.text ?? "").join("");
				result = `isError=${ev.isError} ${out}`;
			});
			try {
				await session.prompt(prompt);
			} finally {
				pi.events.emit("subagents:child:disposed", { sessionId });
				session.dispose();
			}
			ctx.ui.notify(`fork child done: ${result}`, "info");
		},
	});
}
