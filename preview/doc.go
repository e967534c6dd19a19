// Package preview computes what the app shows before anything is saved or switched: what each
// persona does with every known tool, the persona x tool matrix, the what-if simulator, and lint
// problems with their safe one-click fixes. It is plain Go over the engine's results and knows
// nothing of Fyne or of files.
//
// # Tool status
//
// Every tool gets one status for a persona (with the guards applied):
//
//   - hidden: the engine hides the tool (engine.Policy.Hidden), so the agent never sees it;
//   - allow, ask or deny: the tool is not hidden, and every value the tool can be called with
//     gets that action from the rules;
//   - depends on the input: the tool is not hidden, and the rules for its permission key give
//     different actions to different values; for a shell tool, to different commands. The
//     status names each rule that decides some value, with an example value for each.
//
// A shell tool is judged on the commands it runs, as rules see them (each command's text after
// the shell analysis). A shell tool whose status is allow still asks for a command the analysis
// cannot read (a command name held in a variable, a script piped into a shell): the engine fails
// closed there, whatever the rules say.
//
// The status is exact, not a guess from a few sample values: rules match with wildcards (`*`
// and `?`) only, so the values a tool can be called with fall into finitely many classes that
// every rule treats alike, and the package visits each class once (see valueSpace). For
// pathological rule sets, whose classes exceed a fixed budget, it stops and marks the status
// Approximate; "depends" is still only reported with two real values that the engine decides
// differently.
package preview
