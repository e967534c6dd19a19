// A test-only pi extension: a stand-in of pi-mcp-adapter's proxy tool `mcp`, which answers
// what it was asked to call without calling anything.
export default function (pi: any) {
	pi.registerTool({
		name: "mcp",
		label: "MCP",
		description: "Call a tool of an MCP server (test stand-in)",
		parameters: { type: "object", properties: { tool: { type: "string" }, server: { type: "string" }, arguments: { type: "object" } } },
		async execute(_id: string, params: any) {
			return { content: [{ type: "text", text: `mcp called ${params?.tool ?? "status"}` }], details: {} };
		},
	});
}
