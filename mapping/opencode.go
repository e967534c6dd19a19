package mapping

// openCodeTools is the table of OpenCode's built-in tools as of OpenCode 1.18.33 (`opencode
// debug agent build` lists them) and the ones it offers only to some models or with a flag
// (apply_patch, list, websearch, codesearch, lsp). OpenCode's arguments are camelCase
// (filePath, patchText); glob and grep are matched on their pattern as OpenCode's own
// permission does, and their path is decided as a folder they read. The keys are OpenCode's
// permission keys, except the todo list's, which is pi's. docs/opencode.md explains each line.
var openCodeTools = newToolTable([]Tool{
	{Name: "bash", Key: "bash", Fields: []string{"command"}},
	{Name: "read", Key: "read", Fields: []string{"filePath"}},
	{Name: "write", Key: "edit", Fields: []string{"filePath"}},
	{Name: "edit", Key: "edit", Fields: []string{"filePath"}},
	{Name: "multiedit", Key: "edit", Fields: []string{"filePath"}},
	// A patch names its files inside patchText; serve decides each file it adds, updates,
	// deletes or moves to as an edit of that path (a patch naming none asks).
	{Name: "apply_patch", Key: "edit", Fields: []string{"patchText"}},
	{Name: "patch", Key: "edit", Fields: []string{"patchText"}},
	{Name: "glob", Key: "glob", Fields: []string{"pattern"}, Folders: []string{"path"}},
	{Name: "grep", Key: "grep", Fields: []string{"pattern"}, Folders: []string{"path"}},
	{Name: "list", Key: "list", Fields: []string{"path"}},
	{Name: "webfetch", Key: "webfetch", Fields: []string{"url"}},
	{Name: "websearch", Key: "websearch", Fields: []string{"query"}},
	{Name: "codesearch", Key: "codesearch", Fields: []string{"query"}},
	// task is decided on the subagent's name, as OpenCode's permission.task is.
	{Name: "task", Key: "task", Fields: []string{"subagent_type"}},
	// The todo list has the key pi's personas use (the planner allows todo), as Claude Code's
	// TodoWrite does.
	{Name: "todowrite", Key: "todo"},
	{Name: "todoread", Key: "todo"},
	{Name: "question", Key: "question"},
	{Name: "skill", Key: "skill", Fields: []string{"name"}},
	{Name: "lsp", Key: "lsp", Fields: []string{"filePath"}},
	// invalid is OpenCode's answer to a call of a tool that does not exist: it runs nothing,
	// so a persona need not name it; it is decided like any other tool of its own key.
	{Name: "invalid", Key: "invalid"},
})

// OpenCodeToolFor returns how the OpenCode tool name is governed. A name is looked up as
// written, then whatever its case (READ is read: a plugin must not be dodged by spelling),
// then among pi's tool names. A tool found nowhere (an MCP tool such as github_create_issue,
// a plugin's own tool, or a tool added after this table was written) is its own permission
// key and has no value field.
func OpenCodeToolFor(name string) OpenCodeTool {
	t, _ := openCodeTools.toolFor(name, true)
	return t
}

// IsOpenCodeTool reports whether name is one of OpenCode's tools in the table (in any case):
// a tool that is not (an MCP tool, a plugin's) is one agentmgr does not know.
func IsOpenCodeTool(name string) bool {
	_, ok := openCodeTools.find(name, true)
	return ok
}

// OpenCodeTools returns the table of OpenCode tools, in display order.
func OpenCodeTools() []OpenCodeTool {
	return openCodeTools.all()
}
