// Package gemini installs, removes and reports agentmgr's hook in Gemini CLI: a BeforeTool
// handler in the user's settings.json (~/.gemini, or $GEMINI_CLI_HOME/.gemini) that runs
// `agentmgr gate gemini` before every tool call, every other setting kept as it was.
package gemini
