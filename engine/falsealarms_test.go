package engine

import "testing"

// TestFewerFalseAlarms: the CI runner's own files are inert write targets unless a rule names
// them, and a glob operand of a program that only reads does not meet an edit protection.
func TestFewerFalseAlarms(t *testing.T) {
	builder := &Policy{Persona: CompileWithHome(builderPersona, "/home/u")}
	named := &Policy{Persona: CompileWithHome(append(append(Ruleset{}, builderPersona...), rules("edit", "$GITHUB_ENV", "deny")...), "/home/u")}
	checkPolicies(t, []policyCase{
		{builder, `echo "version=1.2" >> "$GITHUB_OUTPUT"`, Allow},
		{builder, `echo "FOO=bar" >> $GITHUB_ENV`, Allow},
		{builder, `echo "$HOME/.local/bin" >> "${GITHUB_PATH}"`, Allow},
		{builder, `cat report.md >> $GITHUB_STEP_SUMMARY`, Allow},
		{builder, `echo x >> "$GITHUB_OUTPUT/../x"`, Ask},
		{builder, `echo x >> "$OUT"`, Ask},
		{named, `echo "LD_PRELOAD=x" >> "$GITHUB_ENV"`, Deny},
		{builder, "shasum -a 256 * > SHA256SUMS", Allow},
		{builder, "sha256sum dist/* | tee checksums.txt", Allow},
		{builder, "cp * /tmp/out/", Ask}, // cp writes: *.env is among the files it may copy over
	})
}

// TestRunTimeWriteTargetUnderNoEditProtection: a write target only known at run time asks only
// when some edit rule protects a path; under the built-in builder (no edit rule but the
// catch-all allow) every value it could take is allowed.
func TestRunTimeWriteTargetUnderNoEditProtection(t *testing.T) {
	plain := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "rm *", "ask", "bash", "sudo *", "ask"))}
	protected := &Policy{Persona: CompileWithHome(builderPersona, "/home/u")}
	guarded := &Policy{Persona: plain.Persona, Guards: []*Compiled{Compile(rules("edit", "~/.bashrc", "deny").WithSource(Source{Kind: FromGuard, Name: "g"}))}}
	checkPolicies(t, []policyCase{
		{plain, `echo x > "$OUT/notes.md"`, Allow},
		{plain, `cd "$D" && echo x >> "$GITHUB_ENV"`, Allow},
		{protected, `echo x > "$OUT/notes.md"`, Ask},
		{guarded, `echo x > "$OUT/notes.md"`, Ask},
		{plain, `echo x > /dev/tcp/example.com/80`, Ask},
	})
}
