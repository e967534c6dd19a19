package ownedfile

import (
	"strings"
	"testing"
)

const jsTemplate = "// agentmgr's test file: keep this line\n" +
	"const BINARY = /*agentmgr:binary*/ \"\";\n" +
	"const VERSION = /*agentmgr:version*/ \"dev\";\n" +
	"export default {};\n"

const tsTemplate = "// agentmgr's typed test file:\n" +
	"const BINARY: string = /*agentmgr:binary*/ \"\";\n" +
	"const VERSION: string = /*agentmgr:version*/ \"\";\n"

func jsFile() *File {
	return New(File{Dir: "plugin", Name: "agentmgr.js", Header: "// agentmgr's test file:", Source: jsTemplate,
		Noun: "plugin", Program: "Tester", Command: "tester"})
}

func tsFile() *File {
	return New(File{Dir: "agentmgr", Name: "index.ts", Header: "// agentmgr's typed test file:", Source: tsTemplate,
		Annotation: ": string", Noun: "extension", Program: "typed", Command: "typed"})
}

func TestRenderParseRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name            string
		file            *File
		binary, version string
	}{
		{"plain", jsFile(), "/opt/agentmgr", "1.2.3"},
		{"quotes and backslashes", jsFile(), `/opt/a "b"\c`, `v"1\`},
		{"typescript annotation", tsFile(), "/usr/bin/agentmgr", "2.0"},
		{"unicode and newline", tsFile(), "/home/ü/agent\nmgr", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.file.Render(tc.binary, tc.version)
			got, err := tc.file.Parse(data)
			if err != nil {
				t.Fatalf("Parse(Render()) = %v\n%s", err, data)
			}
			if got != (Stamp{tc.binary, tc.version}) {
				t.Errorf("Parse(Render(%q, %q)) = %+v", tc.binary, tc.version, got)
			}
		})
	}
}

func TestRenderLeavesTheRestAlone(t *testing.T) {
	got := string(jsFile().Render("/b", "9"))
	want := "// agentmgr's test file: keep this line\n" +
		"const BINARY = /*agentmgr:binary*/ \"/b\";\n" +
		"const VERSION = /*agentmgr:version*/ \"9\";\n" +
		"export default {};\n"
	if got != want {
		t.Errorf("Render =\n%s\nwant\n%s", got, want)
	}
}

func TestParseRejects(t *testing.T) {
	for _, tc := range []struct {
		name, data, want string
	}{
		{"no header", "const BINARY = /*agentmgr:binary*/ \"/b\";\n", `does not start with "// agentmgr's test file:": not agentmgr's plugin`},
		{"no binary", "// agentmgr's test file:\nconst VERSION = /*agentmgr:version*/ \"1\";\n", "names no agentmgr binary"},
		{"empty binary", "// agentmgr's test file:\nconst BINARY = /*agentmgr:binary*/ \"\";\n", "names no agentmgr binary"},
		{"bad literal", "// agentmgr's test file:\nconst BINARY = /*agentmgr:binary*/ \"\\q\";\n", "its BINARY is not a string literal"},
		{"other language's declaration", "// agentmgr's test file:\nconst BINARY: string = /*agentmgr:binary*/ \"/b\";\n", "names no agentmgr binary"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := jsFile().Parse([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestRenderPanicsOnATemplateWithoutPlaceholders(t *testing.T) {
	f := New(File{Source: "// nothing here\n", Noun: "plugin", Command: "tester"})
	defer func() {
		r := recover()
		if r != "tester: the embedded plugin lacks /*agentmgr:binary*/ " {
			t.Errorf("panic = %v", r)
		}
	}()
	f.Render("/b", "1")
}
