package personas

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestBlockAndEnvelope(t *testing.T) {
	t.Parallel()
	p, _ := Parse("r.md", []byte("---\nname: rev\ndescription: Reviews <diffs> & \"code\"\nicon: 🔍\npermissions: read\n---\nRead & review.\n"), ScopeGlobal)
	want := "<persona name=\"rev\" label=\"🔍 rev\" description=\"Reviews &lt;diffs&gt; &amp; &#34;code&#34;\">\nRead & review.\n</persona>\n"
	if got := Block(p); got != want {
		t.Errorf("Block\n got %q\nwant %q", got, want)
	}
	env := Envelope(p, engine.NewPolicy(p.Rules), []string{"read", "bash"})
	wantEnv := "<permission-envelope agent=\"🔍 rev\" mode=\"plan\">\n  <description>Reviews &lt;diffs&gt; &amp; &#34;code&#34;</description>\n  <allowed-tools>read</allowed-tools>\n  <denied-tools>bash</denied-tools>\n</permission-envelope>\n"
	if env != wantEnv {
		t.Errorf("Envelope\n got %q\nwant %q", env, wantEnv)
	}
}
