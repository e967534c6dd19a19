package preview

// Cell is one persona's status for one tool, as the matrix shows it.
type Cell struct {
	Kind Kind
	// Rule is the rule behind a uniform status, or the rule that hides the tool; nil for
	// depends (the simulator shows the rules per value) and for the default ask.
	Rule *RuleRef
}
