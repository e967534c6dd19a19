// A test-only pi extension: a faux model whose replies the test scripts through its prompts.
//
//   CALL <tool> <json arguments>   the model calls the tool, then says "done: <result>"
//   TOOLS                          the model says "tools: <the tool names it was offered>"
//   SYSTEM                         the model says the system prompt it was given
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall, getCurrentTools } from "@earendil-works/pi-ai";

export default function (pi: ExtensionAPI) {
	const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
	const reply = (context: any) => {
		const msgs: any[] = context.messages ?? [];
		const last = msgs[msgs.length - 1];
		const tools = getCurrentTools(msgs).map((t: any) => t.name).sort().join(",");
		if (last?.role === "toolResult") {
			const text = (last.content ?? []).map((c: any) => c.text ?? "").join("");
			return fauxAssistantMessage(`done: isError=${last.isError} ${text}`);
		}
		const text = typeof last?.content === "string" ? last.content : (last?.content ?? []).map((c: any) => c.text ?? "").join("");
		const m = /^CALL (\S+) (.*)$/s.exec(text);
		if (m) return fauxAssistantMessage([fauxToolCall(m[1], JSON.parse(m[2]))], { stopReason: "toolUse" });
		if (text === "TOOLS") return fauxAssistantMessage(`tools: ${tools}`);
		if (text === "SYSTEM") return fauxAssistantMessage(fauxText(`system: ${context.systemPrompt || systemText(msgs)}`));
		return fauxAssistantMessage(`unknown prompt: ${text}`);
	};
	const steps = Array.from({ length: 200 }, () => reply);
	faux.setResponses(steps);
	pi.registerProvider(faux.provider as any);
}

// systemText is the system prompt as pi 1.6 gives it to the model of a child session started
// inside pi: a system message whose content is text, or whose sections are. fauxchild.ts reads
// its child's the same way.
export function systemText(msgs: any[]): string {
	const sys = msgs.find((m: any) => m.role === "system");
	if (!sys) return "";
	if (typeof sys.content === "string" && sys.content) return sys.content;
	if (Array.isArray(sys.content)) return sys.content.map((c: any) => c.text ?? "").join("");
	return Object.values(sys.sections ?? {}).map(String).join("\n");
}
