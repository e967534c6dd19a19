// A test-only pi extension: the faux model of pi-subagents' children. The parent loads it too,
// since pi-subagents checks a child's model against the parent's model list; a child loads it
// through its agent file's subagentOnlyExtensions.
//
// The child's task (pi-subagents sends it as "Task: <task>") scripts its one call:
//   CALL <tool> <json arguments>   the model calls the tool, then says "child done: <result>"
//   TOOLS                          the model says "child tools: <the tool names it was offered>"
//   SYSTEM                         the model says "child system: <its system prompt>"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { fauxAssistantMessage, fauxProvider, fauxToolCall, getCurrentTools } from "@earendil-works/pi-ai";
import { systemText } from "./faux";

export default function (pi: ExtensionAPI) {
	const faux = fauxProvider({ provider: "fauxchild", models: [{ id: "fauxchild-1" }] });
	const reply = (context: any) => {
		const msgs: any[] = context.messages ?? [];
		const last = msgs[msgs.length - 1];
		if (last?.role === "toolResult") {
			const text = (last.content ?? []).map((c: any) => c.text ?? "").join("");
			return fauxAssistantMessage(`child done: isError=${last.isError} ${text}`);
		}
		const text = typeof last?.content === "string" ? last.content : (last?.content ?? []).map((c: any) => c.text ?? "").join("");
		const m = /CALL (\S+) (.*)$/m.exec(text);
		if (m) return fauxAssistantMessage([fauxToolCall(m[1], JSON.parse(m[2]))], { stopReason: "toolUse" });
		if (/\bTOOLS\b/.test(text)) return fauxAssistantMessage(`child tools: ${getCurrentTools(msgs).map((t: any) => t.name).sort().join(",")}`);
		if (/\bSYSTEM\b/.test(text)) return fauxAssistantMessage(`child system: ${systemText(msgs)}`);
		return fauxAssistantMessage(`child: no CALL in its task: ${text.slice(0, 200)}`);
	};
	faux.setResponses(Array.from({ length: 200 }, () => reply));
	pi.registerProvider(faux.provider as any);
}
