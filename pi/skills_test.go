package pi

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExtensionSkillFunctions runs the extension's skill functions in Node: the skills pi's
// prompt lists, the prompt without the denied ones, /skill:NAME inputs and reads of a skill's
// files.
func TestExtensionSkillFunctions(t *testing.T) {
	tools := findPi(t)
	dir := t.TempDir()
	ext := filepath.Join(dir, "index.ts")
	if err := os.WriteFile(ext, Render("agentmgr", "test"), 0o644); err != nil {
		t.Fatal(err)
	}
	prompt := "Base.\n<available_skills>\n  <skill>\n    <name>librarian</name>\n    <description>Finds docs</description>\n    <location>/home/u/.pi/agent/skills/librarian/SKILL.md</location>\n  </skill>\n" +
		"  <skill>\n    <name>dangerous-deploy</name>\n    <description>Deploys &amp; more</description>\n    <location>/proj/.pi/skills/deploy/SKILL.md</location>\n  </skill>\n</available_skills>\nEnd."
	in := map[string]any{
		"prompt": prompt, "denied": []string{"dangerous-deploy"}, "cwd": "/proj",
		"inputs": []string{"/skill:librarian find x", "  /skill:dangerous-deploy", "/skills", "hello /skill:x"},
		"reads":  []string{"/home/u/.pi/agent/skills/librarian/SKILL.md", ".pi/skills/deploy/run.sh", "/proj/.pi/skills/deployx/a", "src/../.pi/skills/deploy/SKILL.md"},
	}
	var got struct {
		Skills []struct{ Name, Dir string }
		Hidden string
		Inputs []*string
		Reads  []*string
	}
	tools.script("skills.mjs", ext).JSON(t, in, &got)
	if len(got.Skills) != 2 || got.Skills[0].Name != "librarian" || got.Skills[1].Dir != "/proj/.pi/skills/deploy" {
		t.Errorf("skills = %+v", got.Skills)
	}
	if strings.Contains(got.Hidden, "dangerous-deploy") || !strings.Contains(got.Hidden, "librarian") || !strings.HasSuffix(got.Hidden, "End.") {
		t.Errorf("the prompt with the denied skill left out:\n%s", got.Hidden)
	}
	str := func(ps []*string) []string {
		var s []string
		for _, p := range ps {
			if p == nil {
				s = append(s, "-")
			} else {
				s = append(s, *p)
			}
		}
		return s
	}
	if want := []string{"librarian", "dangerous-deploy", "-", "-"}; !slices.Equal(str(got.Inputs), want) {
		t.Errorf("inputs = %q, want %q", str(got.Inputs), want)
	}
	if want := []string{"librarian", "dangerous-deploy", "-", "dangerous-deploy"}; !slices.Equal(str(got.Reads), want) {
		t.Errorf("reads = %q, want %q", str(got.Reads), want)
	}
}
