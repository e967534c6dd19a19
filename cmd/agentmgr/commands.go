package main

// commands is every subcommand, in the order help lists them: the CLI's one table. A command
// is added here and nowhere else: its name, usage line, summary, how many arguments it takes
// and what it is told otherwise; its longer help and its options (which return what it does)
// live in its own file. Parsing, --help and the argument count are command.exec's.
//
// The order groups what a person does: read the catalog, decide and check, edit, convert,
// the machine interfaces, then the runtimes' hooks and servers.
var commands = []command{
	{name: "list", usage: "[--json]", summary: "list every persona with its scope and file",
		help: listHelp, options: listOptions},
	{name: "show", usage: showUsage, summary: "show one persona: fields, rules in order, hidden tools, mode",
		help: showHelp, args: exactly(1, "show takes one persona name"), options: showOptions},
	{name: "tools", usage: "[--agent NAME] [--tool NAME]... [--json]", summary: "which tools a persona keeps and which it hides",
		help: toolsHelp, args: exactly(0, "tools takes no arguments; use --agent NAME"), options: toolsOptions},
	{name: "check", usage: "[--agent NAME] [--session ID] [--json] TOOL [VALUE]", summary: "decide one tool call and say which rule decided it",
		help: checkHelp, args: between(1, 2, "check takes a tool and an optional value"), options: checkOptions},
	{name: "use", usage: "[NAME | --next | --previous] [--json]", summary: "show or set the active agent; --next/--previous cycle like the keybindings",
		help: useHelp, args: between(0, 1, useArgs), options: useOptions},
	{name: "lint", usage: "[NAME...] [--json]", summary: "find rules that never decide, duplicates, unknown keys, ungated bash, failing examples",
		help: lintHelp, args: anyArgs, options: lintOptions},
	{name: "test", usage: "[NAME...] [--json]", summary: "check that each persona decides its examples as they expect",
		help: testHelp, args: anyArgs, options: testOptions},
	{name: "compat", usage: compatUsage, summary: "what pi-agent-manager 0.18.1 will do with these persona files",
		help: compatHelp, options: compatOptions},
	{name: "replay", usage: replayUsage, summary: "re-decide the review log's calls with a persona's rules (or a draft) and list what would change",
		help: replayHelp, args: exactly(1, "replay takes one persona name"), options: replayOptions},
	{name: "yolo", usage: "[on|off] [--json]", summary: "show or switch yolo: every ask becomes allow, deny still denies",
		help: yoloHelp, args: between(0, 1, "yolo takes on or off"), options: yoloOptions},
	{name: "suggest", usage: suggestUsage, summary: "propose the least-privilege persona that keeps what the review log shows allowed",
		help: suggestHelp, args: exactly(1, "suggest takes one persona name"), options: suggestOptions},
	{name: "keys", usage: keysUsage, summary: "show, check and change the agent manager's keybindings",
		help: keysHelp, args: anyArgs, options: keysListOptions, subs: []command{
			{name: "keys check", usage: "[--pi-version V] [--json]", help: keysHelp, options: keysCheckOptions},
			{name: "keys set", usage: "ACTION KEY... [--pi-version V] [--force]", help: keysHelp,
				args: atLeast(2, "keys set takes an action and at least one key (none disables the action)"), options: keysSetOptions},
			{name: "keys unset", usage: "ACTION [--pi-version V]", help: keysHelp,
				args: exactly(1, "keys unset takes one action"), options: keysUnsetOptions},
		}},
	{name: "new", usage: newUsage, summary: "create a persona from a preset or as a copy of another",
		help: newHelp, args: exactly(1, "new takes one persona name"), options: newOptions},
	{name: "set", usage: setUsage, summary: "change one field of a persona file, keeping everything else",
		help: setHelp, args: between(2, 3, setArgs), options: retryChanged(setOptions)},
	{name: "rule", usage: ruleUsage, summary: "add, remove or move one rule of a persona",
		help: ruleHelp, args: atLeast(2, "rule needs a subcommand (add, rm, mv, expand) and a persona name"), options: retryChanged(ruleOptions)},
	{name: "rename", usage: renameUsage, summary: "rename a persona: its name field and its file",
		help: renameHelp, args: exactly(2, "rename takes the old and the new name"), options: fileChangeOptions(planRename)},
	{name: "rm", usage: rmUsage, summary: "move a persona file to the trash",
		help: rmHelp, args: exactly(1, "rm takes one persona name"), options: fileChangeOptions(planRm)},
	{name: "restore", usage: restoreUsage, summary: "put a deleted persona back; without NAME, list the trash",
		help: restoreHelp, args: between(0, 1, "restore takes at most one persona name"), options: restoreOptions},
	{name: "import", usage: importUsage, summary: "make personas of Claude Code, OpenCode, Roo, opcode agents or Codex rules, with a fidelity report",
		help: importHelp, args: atLeast(1, importArgs), options: importOptions},
	{name: "export", usage: exportUsage, summary: "write personas as Claude Code, OpenCode, Roo or Kilo Code agents or Codex rules, with a fidelity report",
		help: exportHelp, args: atLeast(1, "export takes at least one persona NAME"), options: exportOptions},
	{name: "eval", usage: "< requests.jsonl", summary: "decide JSON-lines requests from stdin (the conformance interface)",
		help: evalHelp, args: exactly(0, "eval takes no arguments; it reads requests from stdin"), options: evalOptions},
	{name: "trust", usage: trustUsage, summary: "trust a project, so that its personas and guards are used; --revoke refuses it; --diff shows what changed since",
		help: trustHelp, args: between(0, 1, "trust takes at most one folder"), options: trustOptions},
	{name: "session", usage: sessionUsage, summary: "list, show and edit the rules approved during agent sessions",
		help: sessionHelp, args: atLeast(1, "give a session command: list, show, allow, deny, revoke or clear"), options: sessionOptions},
	{name: "log", usage: logUsage, summary: "show the review log of decisions and replies",
		help: logHelp, options: logOptions},
	{name: "gate", usage: gateUsage, summary: "decide a running agent's tool call read from stdin (Claude Code, Codex or Gemini CLI hook, or neutral JSON)",
		help: gateHelp, args: exactly(1, gateArgs), options: gateOptions},
	{name: "serve", usage: serveUsage, summary: "answer a running agent's questions as JSON lines on stdin/stdout (backs the pi extension and the OpenCode plugin)",
		help: serveHelp, options: serveOptions},
	{name: "pi", usage: piUsage, summary: "install, remove or check the pi extension that makes agentmgr decide pi's tool calls",
		help: piHelp, args: exactly(1, runtimeArgs), options: piCommand.options},
	{name: "opencode", usage: openCodeUsage, summary: "install, remove or check the OpenCode plugin that makes agentmgr decide OpenCode's tool calls",
		help: openCodeHelp, args: exactly(1, runtimeArgs), options: openCodeCommand.options},
	{name: "codex", usage: hookUsage, summary: "install, remove or check the Codex hook (trusted) that makes agentmgr decide Codex's tool calls",
		help: codexHelp, args: exactly(1, runtimeArgs), options: codexCommand.options},
	{name: "gemini", usage: hookUsage, summary: "install, remove or check the Gemini CLI hook that makes agentmgr decide Gemini CLI's tool calls",
		help: geminiHelp, args: exactly(1, runtimeArgs), options: geminiCommand.options},
}

// lookup is the command called name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}
